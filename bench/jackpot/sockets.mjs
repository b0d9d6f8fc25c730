#!/usr/bin/env node
// The crowd of the jackpot benchmark, in a process of its own so that it does not share an event loop
// with the platform or the sender: signs in the bench accounts, holds the notification sockets and
// notes when each socket received each `jackpot` and `jackpotWin` push.
//
//   node bench/jackpot/sockets.mjs <platform url> <sockets> <username>...
//
// Prints "connected N" once every socket is up. Then, for each line "wait <event> <n>" on stdin, it
// answers "arrived <event> <n> <sockets that have it> <first ms> <last ms>" once every socket has
// received its n-th <event> push (or after 10 s): the times (performance.timeOrigin + now(), the
// same clock in every process of the machine) at which the first and the last socket received it.
// Stops on stdin's end.
import readline from 'node:readline';
import { io } from 'socket.io-client';

const [url, socketsArg, ...usernames] = process.argv.slice(2);
const SOCKETS = Number(socketsArg);
const PASSWORD = 'bench1234';
const now = () => performance.timeOrigin + performance.now();

const login = async (username) => {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, site_id: 1 }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
};

// Sign in, a few at a time (each sign-in checks an Argon2 hash).
const tokens = [];
for (let i = 0; i < usernames.length; i += 8) tokens.push(...(await Promise.all(usernames.slice(i, i + 8).map(login))));

/** By event: one array per socket of the arrival time of each push, in order. */
const arrivals = { jackpot: [], jackpotWin: [] };
const sockets = [];
for (let i = 0; i < SOCKETS; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) => {
      const index = i + j;
      const socket = io(url, { auth: { token: tokens[index % tokens.length] }, transports: ['websocket'], reconnection: false });
      for (const event of Object.keys(arrivals)) {
        arrivals[event][index] = [];
        socket.on(event, () => arrivals[event][index].push(now()));
      }
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    }),
  );
}
console.log(`connected ${sockets.length}`);

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const [command, event, nArg] = line.trim().split(' ');
  if (command !== 'wait' || !(event in arrivals)) return;
  const n = Number(nArg);
  const until = Date.now() + 10_000;
  const have = () => arrivals[event].filter((list) => list.length >= n).length;
  while (have() < SOCKETS && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
  const times = arrivals[event].filter((list) => list.length >= n).map((list) => list[n - 1]);
  console.log(`arrived ${event} ${n} ${times.length} ${Math.min(...times)} ${Math.max(...times)}`);
});
lines.on('close', () => {
  for (const socket of sockets) socket.close();
  process.exit(0);
});
