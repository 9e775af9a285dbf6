"""Play a friend on another device with no server: turns sent as links, dice neither side can choose.

* :mod:`game.friend.fair_dice` — the dice: two hash chains committed first, each roll from both secrets;
* :mod:`game.friend.link` — what one link carries, and its compact text;
* :mod:`game.friend.friend_match` — this device's copy of the match: the player's actions, the links
  made and the friend's links checked by replaying them with the engine;
* :mod:`game.friend.errors` — why a link is refused (``error.friend_*`` in the app's catalogues);
* :mod:`game.friend.live_text` — live play's connection codes: a WebRTC offer or answer packed short.

It imports the engine only (never ``game.app``, ``game.bot`` or ``game.web``); ``docs/friend.md``
says how the dice are made and what the scheme does not protect against.
"""

from .errors import FriendError, FriendReason, message_key
from .friend_match import FriendMatch
from .link import Link, decode_link, encode_link, link_url

__all__ = ["FriendMatch", "FriendError", "FriendReason", "message_key", "Link", "decode_link", "encode_link",
           "link_url"]
