"""Simulated lab rows of Face Up Pai Gow Poker: the main wager with the player
setting by the house way, and with the player's best setting against the
dealer's visible hands (face_up_pai_gow.md rules 5-9), one player against the
dealer on the same seeded deals, so the second row shows its gain.

Pure (no Django, no I/O). Every round is the game's own code on card
indices: the dealer's seven cards are set by ``house_way_indices``
(pai_gow_poker.md § 5), checked for an Ace High Pai Gow by
``rules.is_ace_high_indices`` (rule 6: a push of the wager, rule 7), and the
player's hands are compared by ``compare_values`` (rule 9: a copy goes to
the dealer, 1 to 1 with no commission). The best setting is
``solver.best_indices``'s: all 21 settings not fouled, scored exactly
against the dealer's set hands; the table's hint is the same function.

Tabled for speed (about 2-3x the direct path): when no suit holds five cards
(four with the joker) nothing can make a flush, and then every figure a
round needs — the house way's two hand values, whether it is an Ace High Pai
Gow, and the legal settings' (high, low) values that are not beaten on both
hands by another legal setting — depends on the ranks and the joker only,
so it is computed once per rank multiset (``_rank_entry``, a few tens of
thousands of keys) and looked up afterwards. Hands that could make a flush
(about 1 in 20) are worked out card by card. tests/test_face_up_pai_gow_lab.py
checks the tabled path against the direct one (the rules' house way and the
solver) on seeded deals.
"""

import random

from games.cards.poker import TWO_CARD, eval5_indices
from games.face_up_pai_gow import paytables, rules
from games.face_up_pai_gow.solver import best_indices
from games.lab.rows import SIMULATION, RowSpec, RunningStats, line, simulated_row
from games.pai_gow.house_way import LOSE, PUSH, SPLITS, WIN, compare_values, house_way_indices, is_foul_values
from games.pai_gow.simulate import deal

GAME = "face_up_pai_gow"
DEFAULT_ROUNDS = 1_000_000
HOUSE_WAY = "house_way"
BEST = "best_setting"
STRATEGIES = {
    HOUSE_WAY: "the player sets by the house way",
    BEST: "the player's best setting against the dealer's visible hands",
}

# One sum a hand: the rank counts (3 bits a rank, the joker at bit 39) and,
# above bit 41, the suit counts (a byte a suit, the joker in none).
_RANK_MASK = (1 << 41) - 1
_SUIT_SHIFT = 41
_WEIGHT = tuple(
    (1 << (3 * (index >> 2))) + ((1 << (8 * (index & 3))) << _SUIT_SHIFT) for index in range(52)
) + (1 << 39,)
_JOKER_BIT = 1 << 39
_FIVE_OF_A_SUIT = 0x03030303  # added to the suit bytes, a count of 5 or more sets the byte's bit 3
_FOUR_OF_A_SUIT = 0x04040404  # with the joker, 4 or more
_BIT_3 = 0x08080808


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=rules.MAIN,
            paytable=None,
            decks=None,
            method=SIMULATION,
            title=f"Face Up Pai Gow wager, {STRATEGIES[strategy]}",
            variant=strategy,
            default_rounds=DEFAULT_ROUNDS,
        )
        for strategy in STRATEGIES
    ]


def _may_flush(total):
    """Whether a hand's ``_WEIGHT`` sum holds five cards of a suit, or four and the joker."""
    add = _FOUR_OF_A_SUIT if total & _JOKER_BIT else _FIVE_OF_A_SUIT
    return bool(((total >> _SUIT_SHIFT) + add) & _BIT_3)


def _legal_values(cs):
    """The (high, low) values of the settings of seven card indices that are not fouls."""
    pairs = []
    for (i, j), (k, m, n, o, p) in SPLITS:
        high = eval5_indices(cs[k], cs[m], cs[n], cs[o], cs[p])
        low = TWO_CARD[cs[i] * 53 + cs[j]]
        if not is_foul_values(high, low):
            pairs.append((high, low))
    return pairs


def _frontier(cs):
    """The legal settings' (high, low) values that no other legal setting beats
    on both hands: all ``best_result`` needs, kept in the table."""
    frontier = []
    for high, low in sorted(set(_legal_values(cs)), reverse=True):
        if not frontier or low > frontier[-1][1]:
            frontier.append((high, low))  # highest high first: kept only if its low is higher
    return tuple(frontier)


def _entry(cs, tabled=True):
    """(house way high, low, Ace High Pai Gow?, settings' values) of seven card
    indices: the frontier when the entry is tabled, else every legal setting."""
    back, front = house_way_indices(cs)
    return (
        eval5_indices(*back),
        TWO_CARD[front[0] * 53 + front[1]],
        rules.is_ace_high_indices(cs),
        _frontier(cs) if tabled else _legal_values(cs),
    )


_TABLE = {}


def figures(cs):
    """``_entry`` of seven card indices, tabled by rank multiset when no flush can be made."""
    total = 0
    for c in cs:
        total += _WEIGHT[c]
    return _figures(cs, total)


def _figures(cs, total, _table=_TABLE):
    if _may_flush(total):
        return _entry(cs, tabled=False)
    found = _table.get(total & _RANK_MASK)
    if found is None:
        found = _table[total & _RANK_MASK] = _entry(cs)
    return found


def best_result(frontier, dealer_high, dealer_low):
    """WIN, PUSH or LOSE of the best legal setting (solver.best_indices's result)."""
    result = LOSE
    for high, low in frontier:
        if high > dealer_high:
            if low > dealer_low:
                return WIN
            result = PUSH
        elif low > dealer_low:
            result = PUSH
    return result


def round_results(player, dealer):
    """(house way result, best setting result) of one deal: PUSH both on a
    dealer Ace High Pai Gow (rule 7)."""
    dealer_high, dealer_low, ace_high, _ = figures(dealer)
    if ace_high:
        return PUSH, PUSH
    high, low, _, frontier = figures(player)
    return compare_values(high, low, dealer_high, dealer_low), best_result(frontier, dealer_high, dealer_low)


def direct_results(player, dealer):
    """The same two results by the untabled path (the table's own functions)."""
    back, front = house_way_indices(dealer)
    if rules.is_ace_high_indices(dealer):
        return PUSH, PUSH
    dealer_high, dealer_low = eval5_indices(*back), TWO_CARD[front[0] * 53 + front[1]]
    back, front = house_way_indices(player)
    house = compare_values(eval5_indices(*back), TWO_CARD[front[0] * 53 + front[1]], dealer_high, dealer_low)
    return house, best_indices(player, dealer_high, dealer_low)[0]


def tally(rng, total, progress=None):
    """{strategy: {WIN, PUSH, LOSE: count}} and the Ace High Pai Gow count of ``total`` deals."""
    counts = {strategy: {WIN: 0, PUSH: 0, LOSE: 0} for strategy in STRATEGIES}
    house, best = counts[HOUSE_WAY], counts[BEST]
    ace_highs = 0
    chunk = max(1, total // 100)
    done = 0
    weight, table, rank_mask, shift, joker = _WEIGHT, _TABLE, _RANK_MASK, _SUIT_SHIFT, _JOKER_BIT
    four, five, bit_3 = _FOUR_OF_A_SUIT, _FIVE_OF_A_SUIT, _BIT_3  # _may_flush, inlined
    while done < total:
        size = min(chunk, total - done)
        for _ in range(size):
            cards = deal(rng, 14)
            dealer = cards[7:]
            summed = 0
            for c in dealer:
                summed += weight[c]
            suits = (summed >> shift) + (four if summed & joker else five)
            found = None if suits & bit_3 else table.get(summed & rank_mask)
            dealer_high, dealer_low, ace_high, _ = found or _figures(dealer, summed)
            if ace_high:
                ace_highs += 1
                house[PUSH] += 1
                best[PUSH] += 1
                continue
            player = cards[:7]
            summed = 0
            for c in player:
                summed += weight[c]
            suits = (summed >> shift) + (four if summed & joker else five)
            found = None if suits & bit_3 else table.get(summed & rank_mask)
            high, low, _, frontier = found or _figures(player, summed)
            house[compare_values(high, low, dealer_high, dealer_low)] += 1
            best[best_result(frontier, dealer_high, dealer_low)] += 1
        done += size
        if progress:
            progress(done, total)
    return counts, ace_highs


def _stats(part, total):
    stats = RunningStats(total)
    wins, losses = part[WIN], part[LOSE]
    stats.add_many(total, wins - losses, wins + losses, wins)
    return stats


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    """The EdgeRow of ``spec`` from ``rounds`` seeded deals; the best-setting
    row also tells the house way's figures on the same deals and the gain."""
    if spec.variant not in STRATEGIES:
        raise ValueError(f"{spec.key}: unknown strategy {spec.variant!r}")
    if payouts:
        raise ValueError("The Face Up Pai Gow wager pays 1 to 1 (rule 9); there is no line to change.")
    total = rounds or spec.default_rounds
    counts, ace_highs = tally(random.Random(seed), total, progress)
    part = counts[spec.variant]
    stats = _stats(part, total)
    assumptions = [
        "One player against the dealer, a fresh 53-card deck every round (face_up_pai_gow.md rule 1).",
        "The dealer's seven cards face up, set by the house way (Trump Plaza, pai_gow_poker.md § 5) "
        "before the player sets (rule 5).",
        "A dealer Ace High Pai Gow pushes the wager (rules 6-7); otherwise both hands win 1 to 1, no "
        "commission; one hand a push; a copy goes to the dealer (rule 9).",
        f"Strategy: {STRATEGIES[spec.variant]}"
        + (
            " — every one of the 21 settings that is not a foul compared with the dealer's set hands, "
            "exactly (the table's 'Best against this dealer' hint, games/face_up_pai_gow/solver.py)."
            if spec.variant == BEST
            else " (pai_gow_poker.md § 5)."
        ),
    ]
    details = {"ace_high_pai_gow_rounds": ace_highs}
    if spec.variant == BEST:
        house = _stats(counts[HOUSE_WAY], total)
        gain = stats.mean - house.mean
        assumptions.append(
            f"Gain over the house way on the same {total:,} deals: {gain:+.4%} of the wager "
            f"(house way RTP {1 + house.mean:.4%})."
        )
        details.update(house_way_rtp=1 + house.mean, gain_over_house_way=gain)
    lines = [
        line("win", "Both hands win", paytables.WIN, part[WIN] / total),
        line("push", "Push (one hand each, or a dealer Ace High Pai Gow)", "stake back", part[PUSH] / total),
        line("lose", "Loses", "stake lost", part[LOSE] / total),
    ]
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions, details=details)
