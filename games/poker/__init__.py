"""The poker family engine: house-banked poker games as data on one round.

See docs/architecture.md for the design. ``game.py`` holds the vocabulary a game is written in (``Area``,
``Deal``, ``Street``, ``Decision``/``Option``, ``Pay``, ``Game``);
``round.py`` is the state machine that plays any ``Game`` at a multi-seat
table (betting → no more bets → dealing → deciding, street by street →
result), pure like every rules module. A game's ``rules.py`` binds it: its
Config (the Rules Submission), its ``GAME`` (areas, streets, settlers in the
rules file's order) and one line, ``PLAYER_ACTIONS, parse_action, apply, timer,
stack, legal_options = pr.bind(GAME)``, the round's entry points with ``GAME``
bound; ``games/three_card_poker/rules.py`` is the first. What bindings
declare alike (side areas, play-or-fold decisions, paytable settlers and
choices, the progressives) comes from ``kit.py``; a binding's presenter is a
``PokerPresenter`` with its layout line (presenter.py ``sentences``), its
how-to-play the seam of how_to_play.py given its own sections.

How the later games fit:
- community cards: ``Deal(BOARD, n, face_up)`` on any street (Let It Ride's
  two board cards, the hold 'em flop, turn and river); settlers read
  ``view.board_cards()``; cards dealt face down early and turned up later
  take a ``Reveal(BOARD, n)`` in the later street's deals (Mississippi Stud's
  three community cards, dealt with the hands, one turned up a street);
- a card dealt to no hand: ``Deal(DISCARD, n)`` draws it in its place and
  sets it aside unseen (DJ Wild Stud's layout card, rule 6);
- several decision streets: one ``Street`` each, each with its ``Decision``
  (Mississippi Stud's three, Ultimate Texas Hold 'Em's 4×/3×, 2×, 1×); an
  option's ``allowed(view, seat)`` narrows its multiples (Crazy 4 Poker's 3×
  with aces or better); ``Decision.once`` names a DECISION area whose wager,
  once placed, takes the hand out of the later streets' decisions, and a later
  try is refused as a second one (Ultimate Texas Hold 'Em's one Play wager a
  round); an option that moves no chip and logs ``says`` is a check (UTH);
- an action of another street's decision, sent on this one, is refused saying
  when it comes (Texas Hold 'Em Bonus's River wager before the turn, a second
  Flop wager: "The River wager comes on a later street; now you may ...");
- decision-dependent wagers: ``Option.places``/``of``/``multiples`` stake a
  DECISION area; ``Option.withdraws`` gives one back (Let It Ride's pulls):
  a pull may name its wager (``spot``), and one no option ever withdraws is
  refused as never taken back (Let It Ride's $ bet); "rebet" repeats a
  withdrawn wager too (``spot["withdrawn"]``); ``Option.says`` logs a choice
  that moves no chip ("lets it ride");
- a required wager equal to another: ``Area.equals`` (Crazy 4 Poker's Super
  Bonus, staked with the Ante at its amount, never on its own; undo, rebet
  and double move the two together, games/betting.py ``Book.follows``);
- dealer qualification: a plain settler (Three Card Poker's queen-high
  qualifier); ``Pay(BONUS)`` pays on top of a stake without settling it;
  ``Game.settle_from_right`` runs the settlers from the highest seat down
  (Caribbean Stud's rule 10);
- a progressive wager's payout and its Envy Bonus: a ``kit.Progressive``
  (the hand's lines, the paytables) and the settlers ``kit.settle_progressives``
  and ``kit.settle_envy`` made from it; the Config's ``LINKED`` part
  (config.py) declares the wagers' switches, paytable, Envy sums and the
  Mystery bonus, ``CLOCKS`` the clocks;
- a hand's name: ``Game.hand_name_of`` (cards) -> name, its own cards and the
  board's; the round's log and the presenter both read it;
- an aggregate payout limit on one hand: ``Game.aggregate_cap`` (config) ->
  cents, what a hand's BASE and DECISION wagers may win together, the WIN
  pays cut in settling order (Mississippi Stud's § 655a.12(b));
- progressives and the Must-Hit-By Mystery bonus: a ``PROGRESSIVE`` area
  names its meter kind; at "no more bets" the round puts every accepted
  progressive wager in ``Outcome.lock`` (and, with the game's
  ``mystery_base`` wager, a ``must_hit_by`` contribution of the same amount,
  seed (c)(1)-(2)); ``Pay(METER)`` becomes an ``Outcome.awards`` entry, as
  in the blackjack and pai gow rounds; the platform's
  casino/tables/progressive_hook.py does the meter calls.

The table (templates/poker/, presenter.py): the dealer's area shows only for
a game that deals the dealer cards, the board's from the start for a game
that deals community cards (the websocket's swaps need it there).

What the platform reads is the same as for every game (games/engine.py):
``State``, ``apply``, ``timer``, ``parse_action``, ``PLAYER_ACTIONS``,
``LEAVE``, ``stack``/``STACK_HELP``, ``round_summary``.
"""
