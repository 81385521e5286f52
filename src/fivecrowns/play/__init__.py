"""Playing many games: games and tournaments between bots (:mod:`fivecrowns.play.simulate`),
the batched simulator (:mod:`fivecrowns.play.simulator`), and the process pool and progress
bar they run on. This layer sits on the bots, the game and the solver, and imports nothing
above it (the command line and the adapters)."""
