"""The pai gow family: Pai Gow Poker (this app, ``rules.py``) and the engine
the other pai gow games bind to (Face Up Pai Gow, Six-Card Fortune Pai Gow,
Fortune Asia Poker).

ENGINE
------
``round.py`` is the one round of the family (betting, "no more bets" with the
progressive lock and the Mystery bonus, the shaker or an RNG count, the deal,
an optional post-deal decision, setting, the dealer's house way, settlement,
stacked test tables). A game is a ``round.Variant`` — configuration and small
hooks, never a copy of the round — and a rules module that binds it, as
``rules.py`` does for Pai Gow Poker (``VARIANT``; ``apply``, ``timer``,
``parse_action``, ``stack`` call the round with it). The hooks:

- ``hands``: the hand split as data, a tuple of ``round.Hand(key, name, size,
  value, describe)``, the largest first: (5, 2) for Pai Gow Poker and Face Up,
  (5, 1) for Six-Card, (4, 2, 1) for Fortune Asia. A set hand is stored in the
  spot (and the dealer) under each hand's key; ``set_hand`` takes one card
  string per key.
- ``cards_per_player`` (7 or 6) and ``deck()`` (the 53-card joker deck).
- ``dice_switch`` (the Config switch of the player-activated shaker: the
  variant's ``uses_dice(config)``) and ``settle_dice``: the shaker and its
  wagers, settled before any card; without it an RNG number 1–7 picks the
  first position after the Config clock ``deal_clock`` (or 2 seconds).
- ``dealer_face_up``: the dealer's cards dealt face up and set by the house
  way before the players set (Face Up); a dealer push found then settles the
  round at once and a later ``set_hand`` is refused with a message.
- ``dealer_push(dealer hands, dealer cards, config) -> name | None``: a dealer
  hand that pushes every main wager (Tiger 9; Ace High Pai Gow).
- ``setting_error(hands) -> message | None``: the foul / order test, with the
  player-facing message; a fouled player hand loses the main wager.
- ``house_way(cards) -> hands``: the dealer's and the "House way" button's.
- ``compare(player hands, dealer hands) -> "win" | "push" | "lose"``: copies
  to the dealer, two of three, ace-high pushes: whatever the game says.
- ``main_win_cents(wager, config)``: the win less any commission (1 to 1
  unless a game says otherwise).
- ``side_wagers``: ((area, settle), ...) settled after the main wager, in
  order (Tiger 9, Ace High Bonus, Double Down...): ``settle(state, seat, spot,
  dealer hands, push, config) -> (log, moves)``.
- ``bonus_line(cards)``, ``line_names``, ``fortune_paytable``,
  ``progressive_paytable`` (both {line: payout}), ``progressive_cents``,
  ``envy_cents(other lines, bets)``: the Fortune, Envy and progressive lines on
  the seven (or six) cards; the progressive is the ``progressive_payout`` meter
  and the Mystery bonus the ``must_hit_by`` one (casino/progressives).
- ``decision``: an optional ``round.Decision`` taken after the deal, before
  setting (Six-Card's Double Down): its action kinds, parse, decide, the
  default at its clock and the clock's seconds.
- ``areas``, ``area_names``, ``main_name``, ``table_name``: the wagers and the
  words of the messages.

A test table's stack (``round.stack``) takes the dice (``dice 3 3 3``) where the
variant uses the shaker, else ``first dealer`` / ``first 3`` to fix the RNG
number of rule 15, then the cards, ``cards_per_player`` a position.

``presenter.Presenter(rules_module, labels)`` draws any variant with the
shared templates (templates/pai_gow/): the setting panel takes the hands'
sizes and names from the variant (click cards into each hand, each hand's
name shown, a foul refused with its message, ``setting_table``), and a game
overrides ``layout_text``, ``area_note``, ``hints`` or ``decision_context``.
"""
