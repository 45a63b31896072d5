"""The game's story behind the Game over chart (issue 33): points by round, nobles, winners."""
from companion.app.story import game_story
from companion.engine import Game
from companion.engine.actions import ClaimNoble
from companion.engine.record import parse_event

from tests.app.tablestates import find_state


def _finished(players):
    table, lines = find_state(players, "game-over")
    game = Game(table.names, table.setup)
    for line in lines:
        game.push(parse_event(line, players))
    assert game.outcome is not None
    return game


def test_points_by_round_end_at_the_final_score_and_never_go_down():
    for players in (2, 4):
        game = _finished(players)
        story = game_story(game)
        ends = sum(1 for a in game.history if type(a).__name__ == "EndTurn")
        assert story.rounds == -(-ends // players)            # every round, the last one too
        for seat in range(players):
            line = story.points[seat]
            assert line[0] == 0 and line[-1] == game.points[seat]
            assert all(a <= b for a, b in zip(line, line[1:]))
        claims = [a for a in game.history if isinstance(a, ClaimNoble)]
        assert len(story.nobles) == len(claims) == sum(len(n) for n in game.nobles_won)
        for seat, rnd in story.nobles:       # a noble's 3 points show in that round's total
            assert story.points[seat][rnd] - story.points[seat][rnd - 1] >= 3
        assert story.winners == tuple(game.outcome.winners)


def test_player_statistics_across_games(tmp_path):
    """History's pictures: games, wins, average and best points, the colour bought most."""
    from collections import Counter

    from companion.app.story import player_statistics
    from companion.engine import CARDS, GEMS
    from companion.referee.journal import Journal
    from tests.referee.referee_helpers import play_game
    for seed in (1, 2):
        play_game(2, seed, str(tmp_path), inject=0.0)
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        stats = {p.name: p for p in player_statistics(journal)}
        history = journal.history()
        for name, p in stats.items():
            points = [g["points"][g["players"].index(name)] for g in history]
            assert p.games == len(points) == 2
            assert p.wins == sum(g["players"].index(name) in g["winners"] for g in history)
            assert p.best == max(points) and p.average == sum(points) / 2
            bought = Counter(GEMS[CARDS[line["card"]].bonus] for g in history
                             for line in journal.lines(g["id"])
                             if line.get("type") == "buy"
                             and line.get("player") == g["players"].index(name))
            top = max(bought.values())
            assert bought[p.favourite] == top       # (a tie: any of the most bought)
    finally:
        journal.close()
