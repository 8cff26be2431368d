// What the session says once its state file has failed, for each thing the file can lack: the
// last edit, the last few, nothing, no list at all, or everything (its name leads to another file
// now, or another program changed it). Every sentence agrees with its number, and none calls an
// edit lost.

import Testing

@testable import MoviesCLI
@testable import MoviesFormats
@testable import MoviesViews
@testable import SystemBoundary

@Suite("StateFileFailure")
struct StateFileFailureTests {
    private func failure(_ lacking: StateFileFailure.Lacking) -> StateFileFailure {
        StateFileFailure(
            error: FileError(path: FileName("st"), reason: "Input/output error"), name: "st",
            lacking: lacking)
    }

    @Test(arguments: [
        (
            StateFileFailure.Lacking.lastEdits(Counted(1, "edit")),
            "the last edit is not on disk, the edits before it are", " with it"
        ),
        (
            .lastEdits(Counted(2, "edit")),
            "the last 2 edits are not on disk, the edits before them are", " with them"
        ),
        (.lastEdits(Counted(0, "edit")), "st holds the list as it is now", ""),
        (.theList, "st holds no list yet", ""),
        (.everything, "this session's list is only in memory", ""),
        (.changedByAnother, "this session's list is only in memory", ""),
    ])
    func theAnnouncementSaysWhatTheFileHolds(
        lacking: StateFileFailure.Lacking, fate: String, keep: String
    ) {
        let said = failure(lacking)
        #expect(
            said.announcement
                == "movies: state file st: Input/output error; \(fate); edits are refused from "
                + "now on: type save FILE to keep the list\(keep)")
        #expect(said.afterTheSession == "movies: state file st: Input/output error; \(fate)")
        #expect(!said.announcement.contains("lost"))
    }

    @Test func listAndSaveSayWhatTheFileLacks() {
        let two = failure(.lastEdits(Counted(2, "edit")))
        #expect(
            two.listNote
                == "the list differs from state file st by the last 2 edits, which are not on disk")
        #expect(two.savedNote == ", with the last 2 edits, which state file st does not hold")
        let none = failure(.lastEdits(Counted(0, "edit")))
        #expect(none.listNote == nil, "the list is the file's")
        #expect(none.savedNote == "")
        #expect(failure(.theList).listNote == "the list is not in state file st, which holds none")
        #expect(
            failure(.everything).listNote
                == "the list is not in state file st, which is another file now")
        #expect(failure(.everything).savedNote == ", which state file st does not hold")
        #expect(
            failure(.changedByAnother).listNote
                == "the list is not in state file st, which another program changed")
        #expect(failure(.changedByAnother).savedNote == ", which state file st does not hold")
    }

    @Test func theEditsOnlyInMemoryAreTheFewerOfTheUnsavedAndTheLacking() {
        #expect(failure(.lastEdits(Counted(2, "edit"))).editsOnlyInMemory(unsaved: 5) == 2)
        #expect(failure(.lastEdits(Counted(2, "edit"))).editsOnlyInMemory(unsaved: 1) == 1)
        #expect(failure(.lastEdits(Counted(2, "edit"))).editsOnlyInMemory(unsaved: 0) == 0)
        #expect(failure(.everything).editsOnlyInMemory(unsaved: 5) == 5)
        #expect(failure(.changedByAnother).editsOnlyInMemory(unsaved: 4) == 4)
        #expect(failure(.theList).editsOnlyInMemory(unsaved: 3) == 3)
    }
}
