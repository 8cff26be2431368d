// The process harness proved on the app: what a test sends reaches the binary's stdin in the
// order it was sent, however many sends there are and however soon after each other, and closing
// stdin comes after them all.

import Testing

@Suite("MoviesProcess")
struct MoviesProcessTests {
    @Test(.hangGuard)
    func sendsArriveInTheOrderTheyWereSentAndTheCloseAfterThem() async throws {
        let process = try MoviesProcess(["--latency", "0"])
        let count = 200
        // Unknown commands: each is refused on stderr with its line number and its own text,
        // so a line that overtook another shows as a number that does not match its text.
        for number in 1...count {
            process.send("zz\(number)\n")
        }
        process.closeInput()
        let run = await process.waitForExit()
        #expect(
            run.stderrLines
                == (1...count).map {
                    "line \($0): unknown command \"zz\($0)\"; type help to see the commands"
                })
        #expect(run.status == 1, "the refused commands, and the end of input after the last")
    }
}
