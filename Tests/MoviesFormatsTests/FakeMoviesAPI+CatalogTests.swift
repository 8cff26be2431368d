// The app's source of movies: the fake API serving a catalog file the user named, read afresh on
// each fetch, or the bundled catalog; a catalog that cannot be read fails the fetch with its error.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("FakeMoviesAPI+Catalog", .hangGuard)
struct FakeMoviesAPICatalogTests {
    @Test func servesAGivenCatalogFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try folder.write(Data(Catalog.jsonLine(sampleMovies).utf8))
        let api = FakeMoviesAPI(catalogPath: FileName(url.path), latency: .zero)
        #expect(try await api.fetchMovies() == sampleMovies)
    }

    @Test func servesTheBundledCatalogWithoutAPath() async throws {
        let api = FakeMoviesAPI(catalogPath: nil, latency: .zero)
        #expect(try await api.fetchMovies() == Catalog.bundled())
        #expect(try Catalog.bundled().count == 30)
    }

    @Test func aMissingCatalogIsATypedError() async {
        let api = FakeMoviesAPI(catalogPath: "/no/such.json", latency: .zero)
        await #expect(throws: CatalogError(file: "/no/such.json", problem: .missing)) {
            try await api.fetchMovies()
        }
    }
}
