"""The order of MindSpore's ``Dataset.shuffle(buffer_size)``: its C++ ShuffleOp, drawn as MindSpore
2.10 draws it.

The ShuffleOp fills a buffer with the first ``buffer_size`` rows of its input. Then, for every row
it sends on, it draws one word from a ``std::mt19937_64`` and takes the row at ``word % size`` of
the buffer (``size`` its rows at that moment), moves the buffer's last row into the slot left
empty and, while its input has rows, reads the next one into the last slot; once the input is
spent the buffer shrinks by one row a draw until it is empty (the epoch's end). The generator is
seeded with the pipeline seed (``dataset.config.get_seed()`` when the iterator is made) and is
never reseeded: every later pass of that iterator (its epochs, and the passes of a ``repeat``
above the shuffle) goes on drawing from it, one word a row.

Seen from the rows, while the input lasts the buffer is ``buffer_size - 1`` slots plus the last
slot, which always holds the newest row: a draw of the last slot sends the newest row straight on,
any other draw sends that slot's row and leaves the newest row in its place. So each row sent
follows from the draws alone (the row the previous draw of the same slot left there), and NumPy
computes them all at once; the draining at the end is solved the same way (buffer_shuffle's
``_drain``). ``std::mt19937_64`` itself is generated 156 words per vector step. The whole order of
a million rows takes about 0.15 to 0.35 s (2 shared cores).

Checked against MindSpore 2.10 (goldens: tests/goldens/dataset/shuffle_buffer_orders.txt and
shuffle_buffer_large_orders.txt).
"""
from __future__ import annotations

import threading

import numpy as np

from msjax._src.dataset.cpp_orders import OwnLockWhenCopied

_STATE_WORDS = 312
_MIDDLE = 156
_MATRIX = np.uint64(0xB5026F5AA96619E9)
_UPPER = np.uint64(0xFFFFFFFF80000000)
_LOWER = np.uint64(0x7FFFFFFF)
_MULTIPLIER = 6364136223846793005
_MASK64 = 2 ** 64 - 1


class Mt19937x64Words:
    """The outputs of ``std::mt19937_64(seed)``, read `count` at a time as a ``uint64`` array.

    The generator's recurrence makes each raw word from the words 312, 311 and 156 places before
    it, so 156 words at a time are one set of vector operations; the tempering of the outputs is
    done on all of them at once."""

    def __init__(self, seed: int):
        state = [seed & _MASK64]
        for i in range(1, _STATE_WORDS):
            previous = state[-1]
            state.append((_MULTIPLIER * (previous ^ (previous >> 62)) + i) & _MASK64)
        self._state = np.asarray(state, np.uint64)  # the last 312 raw words
        self._unread = 0  # how many of them (the last ones) were not output yet

    def copy(self) -> "Mt19937x64Words":
        """A generator at the same place, drawing independently of this one."""
        twin = object.__new__(Mt19937x64Words)
        twin._state, twin._unread = self._state.copy(), self._unread
        return twin

    def skip(self, count: int) -> None:
        """Move past the next `count` outputs."""
        while count > 0:
            part = min(count, 1 << 20)
            self.take(part)
            count -= part

    def take(self, count: int) -> np.ndarray:
        """The next `count` outputs."""
        from_state = min(count, self._unread)
        raw = [self._state[_STATE_WORDS - self._unread:][:from_state]]
        self._unread -= from_state
        missing = count - from_state
        if missing > 0:
            chunks = -(-missing // _MIDDLE)
            words = np.empty(_STATE_WORDS + chunks * _MIDDLE, np.uint64)
            words[:_STATE_WORDS] = self._state
            one = np.uint64(1)
            mixed, twisted = np.empty(_MIDDLE, np.uint64), np.empty(_MIDDLE, np.uint64)
            for start in range(_STATE_WORDS, len(words), _MIDDLE):  # in place: ~40% faster
                oldest = start - _STATE_WORDS
                np.bitwise_and(words[oldest:oldest + _MIDDLE], _UPPER, out=mixed)
                np.bitwise_and(words[oldest + 1:oldest + _MIDDLE + 1], _LOWER, out=twisted)
                np.bitwise_or(mixed, twisted, out=mixed)
                np.bitwise_and(mixed, one, out=twisted)  # the matrix where the low bit is set
                np.negative(twisted, out=twisted)
                np.bitwise_and(twisted, _MATRIX, out=twisted)
                np.right_shift(mixed, one, out=mixed)
                np.bitwise_xor(mixed, twisted, out=mixed)
                np.bitwise_xor(words[start - _MIDDLE:start], mixed,
                               out=words[start:start + _MIDDLE])
            self._state = words[-_STATE_WORDS:]
            self._unread = chunks * _MIDDLE - missing
            raw.append(words[_STATE_WORDS:_STATE_WORDS + missing])
        y = np.concatenate(raw)
        y ^= (y >> np.uint64(29)) & np.uint64(0x5555555555555555)
        y ^= (y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
        y ^= (y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
        y ^= y >> np.uint64(43)
        return y


def buffer_shuffle_order(count: int, buffer_size: int, words: np.ndarray) -> np.ndarray:
    """The positions, in the order MindSpore's ShuffleOp sends them, of `count` input rows through
    a buffer of `buffer_size` rows, given the generator's next `count` outputs (one a row)."""
    if count <= buffer_size:  # the buffer holds every row: it only drains
        return _drain(np.arange(count, dtype=np.int64), words[:count])
    last = buffer_size - 1
    steps = count - buffer_size + 1  # draws while the input lasts (the last finds it spent)
    chosen = (words[:steps] % np.uint64(buffer_size)).astype(np.int64)
    newest = last + np.arange(steps, dtype=np.int64)  # the row in the last slot at each draw
    sent = newest.copy()
    from_slot = np.flatnonzero(chosen != last)
    # a draw of slot k sends the row the draw of slot k before it left there (or row k)
    slots, by_slot = _group_by_slot(chosen[from_slot], from_slot, steps)
    first_of_slot = np.ones(len(by_slot), bool)
    first_of_slot[1:] = slots[1:] != slots[:-1]
    previous = np.empty(len(by_slot), np.int64)
    previous[1:] = newest[by_slot[:-1]]
    previous[first_of_slot] = slots[first_of_slot]
    sent[by_slot] = previous
    buffer = np.arange(last, dtype=np.int64)
    last_of_slot = np.ones(len(by_slot), bool)
    last_of_slot[:-1] = first_of_slot[1:]
    buffer[slots[last_of_slot]] = newest[by_slot[last_of_slot]]
    return np.concatenate([sent, _drain(buffer, words[steps:count])])


def _group_by_slot(slots: np.ndarray, draws: np.ndarray, draw_count: int):
    """`slots` sorted, and `draws` (distinct, below `draw_count`) in the same order: each slot's
    draws in increasing order (one sort of ``slot * draw_count + draw``, NumPy's fastest here)."""
    keys = np.sort(slots * draw_count + draws)
    return keys // draw_count, keys % draw_count


def _drain(buffer: np.ndarray, words: np.ndarray) -> np.ndarray:
    """The rows of `buffer` as the ShuffleOp drains it: draw ``word % size``, send that row, move
    the last row into its place.

    Each draw is a swap of the chosen row with the last, which is sent and never touched again,
    and a slot's row changes only when the slot is chosen. So, counting the steps down from
    ``size - 1`` (the step whose last slot is ``e`` is step ``e``), the row a step sends is the
    row its slot received when the same slot was chosen at the nearest step before it, or the
    slot's first row if it was never chosen; and the row slot ``e`` holds when step ``e`` begins
    comes the same way from the last step before it that chose slot ``e``: chains that NumPy
    follows by pointer doubling."""
    size = len(buffer)
    steps = np.arange(size, dtype=np.int64)
    chosen = (words[:size][::-1] % (steps + 1).astype(np.uint64)).astype(np.int64)  # by step
    # each slot's choosing steps, the earliest first (step e is the (size - 1 - e)-th draw)
    slots, by_slot = _group_by_slot(chosen, size - 1 - steps, size)
    by_slot = size - 1 - by_slot
    # the nearest earlier step (in time) that chose the same slot
    earlier_choice = np.full(size, -1, np.int64)
    same = slots[1:] == slots[:-1]
    earlier_choice[by_slot[1:][same]] = by_slot[:-1][same]
    last_choice = np.full(size, -1, np.int64)  # the last step that chose each slot
    ends = np.ones(size, bool)
    ends[:-1] = ~same
    last_choice[slots[ends]] = by_slot[ends]
    # the step that gave slot e its row before step e: the last to choose slot e, unless that
    # is step e itself, then the one before it
    giver = np.where(last_choice == steps, earlier_choice, last_choice)
    root = np.where(giver >= 0, giver, steps)
    while True:
        further = root[root]
        if np.array_equal(further, root):
            break
        root = further
    holds = buffer[root]  # the row in slot e when step e begins
    sent = np.where(earlier_choice >= 0, holds[np.maximum(earlier_choice, 0)], buffer[chosen])
    return sent[::-1]


class BufferShuffler:
    """The same order row by row, for an input whose length is not known ahead: `push` each input
    row, receiving the row to send on (or None while the buffer fills); `drain` at the input's
    end yields the rest; `generator_after` is then the generator past every draw made."""

    def __init__(self, buffer_size: int, generator: Mt19937x64Words):
        self._size = buffer_size
        self._generator = generator
        self._block_start = generator.copy()
        self._block = []
        self._used = 0
        self._buffer = []

    def _word(self) -> int:
        if self._used == len(self._block):
            self._block_start = self._generator.copy()
            self._block = self._generator.take(_STATE_WORDS).tolist()
            self._used = 0
        self._used += 1
        return self._block[self._used - 1]

    def push(self, row):
        """Add `row`; the row the ShuffleOp sends on in exchange, or None while it fills."""
        buffer = self._buffer
        if len(buffer) < self._size:
            buffer.append(row)
            return None
        # The ShuffleOp draws, sends, moves its last row into the slot sent, then reads `row`
        # into the last slot.
        chosen = self._word() % self._size
        last = self._size - 1
        sent = buffer[chosen]
        buffer[chosen] = buffer[last]
        buffer[last] = row
        return sent

    def drain(self):
        """The rows left, in the order the ShuffleOp sends them at the input's end."""
        buffer = self._buffer
        while buffer:
            chosen = self._word() % len(buffer)
            sent = buffer[chosen]
            buffer[chosen] = buffer[-1]
            buffer.pop()
            yield sent

    def generator_after(self) -> Mt19937x64Words:
        """A generator at the place after the last draw made."""
        generator = self._block_start.copy()
        generator.skip(self._used)
        return generator


class ShuffleOrders(OwnLockWhenCopied):
    """One ShuffleOp's generator over an iterator's passes: MindSpore seeds it once, when the
    iterator is made, and every pass (epoch, or repeat under the shuffle's parent) goes on
    drawing from it, one word a row. Pass ``p`` thus starts past the words of passes ``0..p-1``;
    the generator where the last pass computed ended is kept, so passes read in order cost one
    pass of words each."""

    def __init__(self, buffer_size: int):
        self.buffer_size = buffer_size
        self._lock = threading.Lock()
        self._kept = {}  # seed -> (words drawn, generator there)
        self._pass_starts = {}  # (seed, pass) -> words drawn before it (streams)

    def generator_at(self, seed: int, drawn: int) -> Mt19937x64Words:
        """The generator seeded `seed` after `drawn` words."""
        with self._lock:
            kept = self._kept.get(seed)
        if kept is not None and kept[0] <= drawn:
            generator = kept[1].copy()
            generator.skip(drawn - kept[0])
        else:
            generator = Mt19937x64Words(seed)
            generator.skip(drawn)
        return generator

    def keep(self, seed: int, drawn: int, generator: Mt19937x64Words) -> None:
        """Remember `generator`, seeded `seed`, after `drawn` words."""
        with self._lock:
            self._kept = {seed: (drawn, generator.copy())}  # the last seed only

    def order(self, count: int, seed: int, pass_index: int) -> np.ndarray:
        """The order of pass `pass_index` of a random-access input of `count` rows a pass."""
        drawn = pass_index * count
        generator = self.generator_at(seed, drawn)
        order = buffer_shuffle_order(count, self.buffer_size, generator.take(count))
        self.keep(seed, drawn + count, generator)
        return order

    def pass_start(self, seed: int, pass_index: int, rows_of_pass) -> int:
        """The words drawn before pass `pass_index` of a stream, counting the rows of an earlier
        pass with `rows_of_pass(p)` where no iterator has read it to its end yet."""
        with self._lock:
            known = {p: d for (s, p), d in self._pass_starts.items()
                     if s == seed and p <= pass_index}
        start_pass = max(known, default=0)
        drawn = known.get(start_pass, 0)
        for earlier in range(start_pass, pass_index):
            drawn += rows_of_pass(earlier)
            self.record_pass_start(seed, earlier + 1, drawn)
        return drawn

    def record_pass_start(self, seed: int, pass_index: int, drawn: int) -> None:
        """Pass `pass_index` of a stream starts after `drawn` words."""
        with self._lock:
            self._pass_starts = {key: value for key, value in self._pass_starts.items()
                                 if key[0] == seed}  # the last seed only
            self._pass_starts[(seed, pass_index)] = drawn
