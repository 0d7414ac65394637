import PhotoboardApp

// The board (Sources/PhotoboardApp): parsing, composition and the one loop.
PhotoboardCommand.main()
