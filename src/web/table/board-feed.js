// The board's floor feed lines: an event in words, as [css class, what, detail]. Plain browser JS, no DOM.
'use strict';

(function (root) {
  function feedLine(e, f) {
    const { money, clockText } = f;
    switch (e.type) {
      case 'irregularity':
        return ['irregularity', `Irregularity: ${e.kind.replace(/-/g, ' ')}`, e.remedy];
      case 'card.misplaced': {
        // R-CARD-PLACE: where a card was seen and where the deal put it (public: never which card)
        const seen = e.seen || {};
        const at =
          seen.place === 'seat' ? `at seat ${seen.seat}` : seen.place === 'board' ? 'on the board' : 'in the muck';
        const x = e.expected;
        const dealt = !x
          ? 'not dealt in this hand: the floor looks'
          : x.to === 'seat'
            ? `dealt to seat ${x.seat}`
            : x.to === 'burn'
              ? 'a burn card'
              : 'a board card';
        return ['irregularity', `Misplaced card ${at}`, dealt];
      }
      case 'misdeal':
        return ['misdeal', 'Misdeal', `reason: ${e.reason.replace(/-/g, ' ')}`];
      case 'hand.dead':
        return ['dead', `Seat ${e.seat}: hand dead`, `reason: ${e.reason}`];
      case 'violation':
        // The event's sentence names the rule; a rule id alone means nothing to the room.
        return ['violation', `Seat ${e.seat}: violation`, e.message || `rule ${e.rule}`];
      case 'clock.called':
        return ['clock', `Clock on seat ${e.seat}`, `called by ${e.by}`];
      case 'penalty.started':
        return ['violation', `Seat ${e.seat}: penalty`, `${e.hands} hands`];
      case 'level.changed':
        return [
          'level',
          e.break ? 'Break' : `Level ${e.level}: ${levelStakes(e, money)}`,
          `from hand ${e.appliesToHand}`,
        ];
      case 'levels.paused':
        return ['level', `Level ${e.level} paused`, `${clockText(e.remainingMs)} left`];
      case 'levels.resumed':
        return ['level', `Level ${e.level} running again`, `${clockText(e.remainingMs)} left`];
      case 'level.adjusted':
        return [
          'level',
          e.step !== undefined
            ? e.step > 0
              ? 'Floor: next level'
              : 'Floor: previous level'
            : `Floor: ${e.minutes > 0 ? '+' : '−'}${Math.abs(e.minutes)} min`,
          `level ${e.level}, ${clockText(e.remainingMs)} left`,
        ];
      case 'showdown': {
        const seats = (w) => `seat${w.length > 1 ? 's' : ''} ${w.join(', ')}`;
        // a hi-lo game (R-HILO): the low half beside the high one
        const low =
          e.lowWinners === undefined
            ? ''
            : e.lowWinners.length > 0
              ? `; low: ${seats(e.lowWinners)}, ${e.lowRank}`
              : '; no low';
        return [
          'showdown',
          `Seat${e.winners.length > 1 ? 's' : ''} ${e.winners.join(', ')} win${e.winners.length > 1 ? '' : 's'}`,
          `${e.rank}${low}`,
        ];
      }
      case 'device.offline':
        return ['violation', `Device ${e.device} offline`, e.detail];
      case 'device.online':
        return ['level', `Device ${e.device} online`, e.detail];
      // chips tracked: amounts are public
      case 'pot.awarded':
        return [
          'showdown',
          `Pot${e.pots.length > 1 ? 's' : ''} awarded`,
          e.pots
            .map((p) =>
              p.shares.map((s) => `seat ${s.seat} ${money(s.amount)}${s.half ? ` (${s.half})` : ''}`).join(', '),
            )
            .join(' · '),
        ];
      case 'player.eliminated':
        return ['violation', `Seat ${e.seat}: ${e.player} busts out`, `started the hand with ${money(e.stackAtStart)}`];
      case 'player.moved': {
        // R-ROOM-MOVE: where to, from the room's `moves` when the board reads them ("Anna → table 7 seat 2")
        const to = f.moveOf ? f.moveOf(e.player) : null;
        const where = to ? `table ${to.table} seat ${to.seat}` : 'another table';
        return ['move', `${e.player} → ${where}`, `from seat ${e.seat}${e.chips ? ` with ${money(e.chips)}` : ''}`];
      }
      case 'stack.set':
        return ['level', `Seat ${e.seat}: stack set`, money(e.chips)];
      case 'timebank.used':
        return ['clock', `Seat ${e.seat}: time bank`, `${e.remaining} left`];
      default:
        return ['other', e.type, ''];
    }
  }

  /** A level's blinds; a stud level's bets and bring-in (R-STUD-BRING-IN: it plays no blinds); its game where the
   * structure names one (R-GAME-MIXED, game-words.js when the page has it). */
  function levelStakes(e, money) {
    // a stud level (R-STUD-BRING-IN): its bets and bring-in, or its ante and bring-in with no fixed bets; no blinds
    const stakes =
      e.bringIn !== undefined && e.smallBet !== undefined
        ? `${money(e.smallBet)} / ${money(e.bigBet)}, bring-in ${money(e.bringIn)}`
        : e.bringIn !== undefined
          ? `ante ${money(e.ante)} · bring-in ${money(e.bringIn)}`
          : `${money(e.smallBlind)} / ${money(e.bigBlind)}`;
    const game = e.game && root.GameWords ? root.GameWords.gameName(e.game, e.betting) : '';
    return game ? `${game} ${stakes}` : stakes;
  }

  /** Feed items (newest first, each {event, shownAt}) as the lines shown: devices coming online one after another
   * (a table starting: shoe, antennas, board, display) are one line, not one each pushing the floor's events out. */
  function feedGroups(items) {
    const groups = [];
    for (const item of items) {
      const last = groups[groups.length - 1];
      if (item.event.type === 'device.online' && last && last.items[0].event.type === 'device.online') {
        last.items.push(item);
      } else groups.push({ items: [item] });
    }
    return groups.map((g) => ({
      event: g.items[0].event,
      items: g.items,
      shownAt: Math.max(...g.items.map((i) => i.shownAt)),
    }));
  }

  /** One shown line: a group of devices online as a summary, anything else as feedLine says. */
  function groupLine(group, f) {
    if (group.items.length === 1) return feedLine(group.event, f);
    const names = group.items.map((i) => i.event.device).reverse();
    return ['level', `${names.length} devices online`, names.join(', ')];
  }

  root.BoardFeed = { feedLine, feedGroups, groupLine };
})(typeof window !== 'undefined' ? window : globalThis);
