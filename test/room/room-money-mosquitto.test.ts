// The room's money end to end on a real mosquitto (docs/room-money.md): the room service with room.money, fake tables
// over MQTT. A rebuy over room/<id>/cmd/rebuy reaches the player's table as add-chips; a refusal comes back in words;
// knockouts move bounties; the retained prizes carry the pool and, at the final table, the chops that
// `npm run room -- chop --config` prints; payouts on room/<id>/money as places are given; the summary files at the end.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { runChop } from '../../src/cli/room-chop.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomService } from '../../src/room/service/service.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { MqttTable, waitFor } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe.skipIf(missing !== null)(`room money on mosquitto (${missing ?? 'real broker'})`, () => {
  it('rebuy → add-chips at the table, bounties, prizes with the chop, payouts, the summary files', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const table = await MqttTable.start(broker.url, 'A', 6);
    cleanups.push(() => table.close());
    const observer = await connectClient(broker.url, { clientId: 'observer' });
    cleanups.push(() => void observer.end(true));
    const seen = collect(observer);
    await observer.subscribeAsync(['room/r1/#', 'pokertable/+/cmd/+'], { qos: 1 });
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-room-money-'));
    const file = join(dir, 'room.yaml');
    writeFileSync(
      file,
      [
        'room:',
        '  id: r1',
        '  startingStack: 1000',
        '  money: { buyIn: 10000, fee: 1000, rebuy: { untilLevel: 2, maxStack: 1000, chips: 1000, price: 10000 },',
        '           bounty: { amount: 2000, progressive: 50 }, payout: { places: [6500, 3500] } }',
        'tables: [{ id: A, seats: 6 }]',
        'breakOrder: []',
        `mqtt: { url: "${broker.url}" }`,
        'storage: { dir: journal }',
        'log: { level: warn }',
        '',
      ].join('\n'),
    );
    const clock = fakeClock(1_000_000);
    const service = startRoomService({
      config: loadRoomConfig(file),
      profiles: loadRoomProfiles(),
      logger: pino({ level: 'silent' }),
      clock,
      seed: 4,
    });
    cleanups.push(() => service.close());
    await service.whenConnected();
    table.online();
    let n = 0;
    const command = async (name: string, body: Record<string, unknown>) => {
      const id = `m${++n}`;
      observer.publish(`room/r1/cmd/${name}`, JSON.stringify({ ...body, id }), { qos: 1 });
      await seen.until((m) => m.some((x) => x.topic === 'room/r1/cmd/result' && json(x.payload).id === id), name);
      return json(seen.messages.find((x) => x.topic === 'room/r1/cmd/result' && json(x.payload).id === id)!.payload);
    };
    const on = (topic: string) => seen.messages.filter((m) => m.topic === topic).map((m) => json(m.payload));
    for (const p of ['Ann', 'Bob', 'Cat']) expect(await command('register', { player: p })).toMatchObject({ ok: true });
    await waitFor(() => table.count() === 3, 'three players seated');
    const seat = (p: string) => table.fake.players.indexOf(p) + 1;

    expect(await command('rebuy', { player: 'Bob' })).toMatchObject({ ok: true });
    await waitFor(() => table.named('add-chips').length === 1, 'add-chips at the table');
    expect(table.named('add-chips')[0]).toMatchObject({ seat: seat('Bob'), player: 'Bob', chips: 1000 });
    await waitFor(() => table.fake.stacks[seat('Bob') - 1] === 2000, 'the stack after the rebuy');
    await waitFor(() => service.room.snapshot().tables[0]!.players.some((p) => p.stack === 2000), 'the room sees it');
    expect(await command('rebuy', { player: 'Bob' })).toMatchObject({
      ok: false,
      code: 'stack-above-threshold',
      message: 'Bob has 2000 chips: a rebuy needs 1000 or fewer',
    });

    // Cat out (3rd, unpaid: two places are paid), Ann won the pot: half of Cat's bounty at once, half on her head
    table.publish(table.fake.startHand());
    table.publish(table.fake.endHand([{ seat: seat('Cat'), stackAtStart: 500 }], [], seat('Ann')));
    await waitFor(() => on('room/r1/money').some((m) => m.type === 'bounty'), 'the bounty');
    expect(on('room/r1/money').find((m) => m.type === 'bounty')).toMatchObject({
      player: 'Ann',
      from: 'Cat',
      cash: 1000,
      head: 3000,
    });
    await waitFor(() => service.room.snapshot().playersLeft === 2, 'Cat out');
    clock.advance(10); // the place is given 1 ms after the hand's end (R-ROOM-PLACES)
    await waitFor(() => on('room/r1/prizes').some((p) => Array.isArray(p.chop)), 'the chop in prizes');
    const prizes = on('room/r1/prizes').at(-1)!;
    expect(prizes).toMatchObject({ pool: 40000, moneyReached: true, placesPaid: 2, playersLeft: 2 });
    // npm run room -- chop --config: the same chop, read from the retained prizes
    let printed = '';
    expect(await runChop(['--config', file], (s) => (printed += s))).toBe(0);
    expect(printed).toMatch(/^player\s+stack\s+ICM EUR\s+even EUR\n/);
    expect(printed).toMatch(/\ntotal\s+3000\s+400\.00\s+400\.00\n$/);

    // Bob out: 2nd; Ann wins
    table.publish(table.fake.startHand());
    table.publish(table.fake.endHand([{ seat: seat('Bob'), stackAtStart: 800 }], [], seat('Ann')));
    await waitFor(() => service.room.snapshot().playersLeft === 1, 'Bob out');
    clock.advance(10);
    await waitFor(() => on('room/r1/money').filter((m) => m.type === 'payout').length === 2, 'two payouts');
    expect(on('room/r1/money').filter((m) => m.type === 'payout')).toEqual([
      expect.objectContaining({ player: 'Bob', place: 2, prize: 14000, bounties: 0, total: 14000 }),
      // 26,000 for first and 6,000 of bounties: half of Cat's and half of Bob's in cash (1,000 each), and her own head
      // at the end (2,000 + the other halves, 1,000 each)
      expect.objectContaining({ player: 'Ann', place: 1, prize: 26000, total: 26000 + 6000 }),
    ]);
    const summary = join(dir, 'journal', 'summary.csv');
    await waitFor(() => existsSync(summary), 'the summary files');
    expect(readFileSync(summary, 'utf8')).toContain('\r\n1,Ann,1,0,no,130.00,260.00,60.00,320.00,,EUR\r\n');
    expect(JSON.parse(readFileSync(join(dir, 'journal', 'summary.ots'), 'utf8'))).toMatchObject({
      ots: { prize_pool: 400 },
    });
  });
});
