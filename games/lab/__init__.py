"""The paytable lab's pure side: what a row of figures is and the statistics
behind it. Each game states its rows in ``games/<game>/edge.py`` (joined to the
registry through its GameSpec's ``lab``); ``casino/lab`` lists, finishes and
shows them. No Django, no I/O (DESIGN.md, "The one rule of dependencies").

A game's edge module (``games/<game>/edge.py``) has:

    specs() -> [RowSpec, ...]
        every (wager, paytable, decks) the regulation allows, nothing computed.
    compute(spec, *, payouts=None, rounds=None, seed=0, progress=None) -> EdgeRow
        ``payouts``: {line key: Odds | MeterShare} replacing the paytable's
        lines (a designer's what-if copy; the regulation's tables are never
        touched); ``rounds``/``seed``: a simulation's length and seed (same
        seed, same figures); ``progress(done, total)``: called now and then
        by long simulations.
    MYSTERY = True   (optional) the game offers the Must-Hit-By Mystery bonus;
        casino/lab adds its rows.
"""
