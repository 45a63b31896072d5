"""The pages' words in English, Polish and Korean: the league's own small catalog.

The league's sentences are about other people's games in the past or present (“Ana bought…”),
which the app's catalog (instructions to the player at the table) doesn't hold, so the few
the pages need live here. Polish uses the present tense, which has no gender (“Ana kupuje”).
Chosen by ``?lang=``, then the browser's ``Accept-Language``, then English.
"""
from __future__ import annotations

from companion.engine import CARDS

LANGUAGES = {"en": "English", "pl": "Polski", "ko": "한국어"}
COLOURS = ("white", "blue", "green", "red", "black", "gold")

WORDS = {
    "en": {
        "title": "Splendor league", "standings": "Standings", "live": "Live tables",
        "player": "Player", "games": "Games", "wins": "Wins", "points": "Points",
        "average": "Average", "no_standings": "No finished games yet.",
        "no_tables": "No table has pushed a game yet.", "table": "Table {table}",
        "turn": "Turn {n}", "to_play": "{name} to play.", "over": "Game over: {names} won.",
        "last_move": "Last move: {move}", "market": "Market", "nobles": "Nobles", "bank": "Bank",
        "reserved": "Reserved: {n}", "pts": "{n} pts", "cards": "Cards: {n}", "deck": "{n} left",
        "offline": "The league server can't be reached; this is the last known state.",
        "no_game": "Table {table} has not pushed a game yet.", "back": "All tables",
        "and": " and ", "updated": "Updated {time}", "level": "Level {n}",
        "took": "{name} took {tokens}.", "bought": "{name} bought {card}.",
        "reserved_card": "{name} reserved {card}.",
        "reserved_blind": "{name} reserved the top card of the level {level} deck.",
        "passed": "{name} passed: no move was possible.", "returned": "Gave back {tokens}.",
        "noble": "A noble visited {name}.",
        "card": "a level {level} {colour} card worth {points}",
        "card0": "a level {level} {colour} card",
        "colour": ("white", "blue", "green", "red", "black", "gold"),
        "card_colour": ("white", "blue", "green", "red", "black"),
    },
    "pl": {
        "title": "Liga Splendor", "standings": "Klasyfikacja", "live": "Stoły na żywo",
        "player": "Gracz", "games": "Gry", "wins": "Wygrane", "points": "Punkty",
        "average": "Średnia", "no_standings": "Nie ma jeszcze zakończonych gier.",
        "no_tables": "Żaden stół nie przesłał jeszcze gry.", "table": "Stół {table}",
        "turn": "Tura {n}", "to_play": "Ruch: {name}.", "over": "Koniec gry: wygrywa {names}.",
        "last_move": "Ostatni ruch: {move}", "market": "Rynek", "nobles": "Arystokraci",
        "bank": "Bank", "reserved": "Zarezerwowane: {n}", "pts": "{n} pkt", "cards": "Karty: {n}",
        "deck": "zostało {n}",
        "offline": "Nie można połączyć się z serwerem ligi; widać ostatni znany stan.",
        "no_game": "Stół {table} nie przesłał jeszcze gry.", "back": "Wszystkie stoły",
        "and": " i ", "updated": "Zaktualizowano {time}", "level": "Poziom {n}",
        "took": "{name} bierze {tokens}.", "bought": "{name} kupuje {card}.",
        "reserved_card": "{name} rezerwuje {card}.",
        "reserved_blind": "{name} rezerwuje wierzchnią kartę stosu poziomu {level}.",
        "passed": "{name} pasuje: żaden ruch nie był możliwy.", "returned": "Oddaje {tokens}.",
        "noble": "{name}: wizyta arystokraty.",
        "card": "kartę {colour} poziomu {level} za {points}",
        "card0": "kartę {colour} poziomu {level}",
        "colour": ("biały", "niebieski", "zielony", "czerwony", "czarny", "złoty"),
        "card_colour": ("białą", "niebieską", "zieloną", "czerwoną", "czarną"),
    },
    "ko": {
        "title": "스플렌더 리그", "standings": "순위", "live": "진행 중인 테이블",
        "player": "플레이어", "games": "게임", "wins": "승리", "points": "점수",
        "average": "평균", "no_standings": "아직 끝난 게임이 없습니다.",
        "no_tables": "아직 게임을 보낸 테이블이 없습니다.", "table": "테이블 {table}",
        "turn": "{n}번째 턴", "to_play": "{name} 차례입니다.", "over": "게임 종료: {names} 승리.",
        "last_move": "마지막 수: {move}", "market": "마켓", "nobles": "귀족", "bank": "은행",
        "reserved": "예약: {n}", "pts": "{n}점", "cards": "카드: {n}", "deck": "{n}장 남음",
        "offline": "리그 서버에 연결할 수 없어 마지막으로 받은 상태를 보여 줍니다.",
        "no_game": "테이블 {table}은(는) 아직 게임을 보내지 않았습니다.", "back": "모든 테이블",
        "and": ", ", "updated": "{time} 갱신", "level": "{n}레벨",
        "took": "{name}: 토큰 {tokens} 가져감.", "bought": "{name}: {card} 구매.",
        "reserved_card": "{name}: {card} 예약.",
        "reserved_blind": "{name}: {level}레벨 덱 맨 위 카드 예약.",
        "passed": "{name}: 가능한 수가 없어 패스.", "returned": "토큰 {tokens} 반납.",
        "noble": "{name}: 귀족 방문.",
        "card": "{points} {level}레벨 {colour} 카드",
        "card0": "{level}레벨 {colour} 카드",
        "colour": ("흰색", "파랑", "초록", "빨강", "검정", "황금"),
        "card_colour": ("흰색", "파란색", "초록색", "빨간색", "검은색"),
    },
}


def choose(query_lang, accept_language) -> str:
    """``?lang=`` if it is one of ours, else the first of ours in Accept-Language, else en."""
    if query_lang in WORDS:
        return query_lang
    ranked = []
    for i, part in enumerate((accept_language or "")[:500].split(",")):
        code, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        base = code.strip().lower().split("-")[0]
        if base in WORDS and q > 0:
            ranked.append((-q, i, base))
    return min(ranked)[2] if ranked else "en"


def word(lang: str, key: str, **kw) -> str:
    return WORDS[lang][key].format(**kw)


def _tokens(lang: str, gems: dict) -> str:
    names = WORDS[lang]["colour"]
    return ", ".join(f"{names[COLOURS.index(c)]} ×{n}" for c, n in gems.items()
                     if c in COLOURS)


def _card(lang: str, card_id: str) -> str:
    card = CARDS[card_id]
    return word(lang, "card" if card.points else "card0", level=card.level,
                colour=WORDS[lang]["card_colour"][card.bonus],
                points=word(lang, "pts", n=card.points))


def move_words(lang: str, lines, names) -> str:
    """The last turn in words (a past event, told to spectators)."""
    if not lines:
        return ""
    out = []
    for line in lines:
        kind, who = line.get("type"), line.get("player")
        name = names[who] if isinstance(who, int) and 0 <= who < len(names) else ""
        if kind == "take":
            out.append(word(lang, "took", name=name, tokens=_tokens(lang, line["gems"])))
        elif kind == "buy":
            out.append(word(lang, "bought", name=name, card=_card(lang, line["card"])))
        elif kind == "reserve" and "level" in line:
            out.append(word(lang, "reserved_blind", name=name, level=line["level"]))
        elif kind == "reserve":
            out.append(word(lang, "reserved_card", name=name, card=_card(lang, line["card"])))
        elif kind == "pass":
            out.append(word(lang, "passed", name=name))
        elif kind == "return":
            out.append(word(lang, "returned", tokens=_tokens(lang, line["gems"])))
        elif kind == "noble":
            out.append(word(lang, "noble", name=name))
    return " ".join(out)


def status_words(lang: str, summary: dict) -> str:
    names = summary["players"]
    if summary["finished"]:
        won = WORDS[lang]["and"].join(names[i] for i in summary["winners"])
        return word(lang, "over", names=won)
    if summary["active"] is None:
        return ""
    return word(lang, "to_play", name=names[summary["active"]])
