// Every message that counts something takes its words from `Counted`, so this is where agreement
// is checked: one thing and any other number, for the noun and each word that agrees with it.

import Testing

@testable import MoviesViews

@Suite("Counted")
struct CountedTests {
    @Test(arguments: [
        (0, "0 edits", "edits", "0 edits", "are", "were", "them"),
        (1, "1 edit", "edit", "edit", "is", "was", "it"),
        (2, "2 edits", "edits", "2 edits", "are", "were", "them"),
    ])
    func wordsAgreeWithTheNumber(
        count: Int, text: String, noun: String, omittingOne: String, isOrAre: String,
        wasOrWere: String, itOrThem: String
    ) {
        let edits = Counted(count, "edit")
        #expect("\(edits)" == text)
        #expect(edits.noun == noun)
        #expect(edits.omittingOne == omittingOne)
        #expect(edits.isOrAre == isOrAre)
        #expect(edits.wasOrWere == wasOrWere)
        #expect(edits.itOrThem == itOrThem)
        #expect(edits.word(one: "matches", other: "match") == (count == 1 ? "matches" : "match"))
    }

    @Test func aPluralOfItsOwn() {
        #expect("\(Counted(2, "match", plural: "matches"))" == "2 matches")
        #expect("\(Counted(1, "match", plural: "matches"))" == "1 match")
    }
}
