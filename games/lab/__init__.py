"""The paytable lab's pure side: what a row of figures is and the statistics
behind it. Each game states its rows in ``games/<game>/edge.py`` (joined to the
registry through its GameSpec's ``lab``); ``casino/lab`` lists, finishes and
shows them. No Django, no I/O (docs/architecture.md, "The one rule of dependencies").

A game's edge module (``games/<game>/edge.py``) has:

    specs() -> [RowSpec, ...]
        every (wager, paytable, decks) the regulation allows, nothing computed.
    compute(spec, *, payouts=None, rounds=None, seed=0, progress=None) -> EdgeRow
        ``payouts``: {line key: Odds | MeterShare} replacing the paytable's
        lines (a designer's what-if copy; the regulation's tables are never
        touched); ``rounds``/``seed``: a simulation's length and seed (same
        seed, same figures); ``progress(done, total, trace)``: called now and
        then by long simulations, with the running RTP so far
        (``RunningStats.trace``) where the simulation keeps one as it goes
        (the lab page draws it while the run goes on), else with two
        arguments only.
    table_rows(config) -> [RowSpec, ...]
        the rows a table with the Rules Submission ``config`` (the game's
        rules.Config) plays: each wager it offers, at its paytables and deck
        count (``rows.select`` picks them; ValueError for a wager the lab
        has no row for). The house-edge guard (tests/test_house_edge_guard.py)
        walks every Rules Submission choice through it.
    MYSTERY = True   (optional) the game offers the Must-Hit-By Mystery bonus;
        casino/lab adds its rows.
"""
