#!/usr/bin/env node
// One crowd of the fan-out benchmark, in a process of its own so that receiving is spread over several
// event loops and never shares one with the platform or the sender: holds notification sockets over
// WebSocket, signed in with the tokens given, and notes when each socket received each `machine` push.
//
//   node bench/fanout/sockets.mjs <platform url> <sockets> <tokens file (one token a line)> [socket.io|raw]
//
// socket.io (the default): each socket is a socket.io-client, as the portal has it. raw: each socket is
// a bare WebSocket (ws) speaking the Engine.IO 4 / Socket.IO 5 protocol itself (connect with the token,
// answer pings, read `42["machine",…]` frames): the same frames from the platform, a fraction of the
// receiving work, so that on a small box the receivers take less of the CPU the platform needs.
// Prints "connected N" once every socket is up. Then reads commands on stdin:
// - "expect <k> <machine id> <status>": change k is about to be made; answers "expecting <k>".
// - "wait <k> <sent ms>": once every socket has received a `machine` push with that id and status (or
//   after 10 s), answers "arrived <k> <missed> <delay ms>,<delay ms>,…" — each socket's arrival time
//   minus `sent` (performance.timeOrigin + now(), the same clock in every process of the machine).
// - "count": answers "count <machine pushes received in all> <sockets disconnected>".
// Stops on stdin's end.
import fs from 'node:fs';
import readline from 'node:readline';
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const [url, socketsArg, tokensFile, mode = 'socket.io'] = process.argv.slice(2);
const SOCKETS = Number(socketsArg);
const tokens = fs.readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean);
const now = () => performance.timeOrigin + performance.now();

/** The change being waited for, and when each socket received it (0: not yet). */
let expected = null;
let got = new Float64Array(SOCKETS);
let pushes = 0;
let disconnected = 0;
const sockets = [];

const onMachine = (index, push) => {
  pushes++;
  if (expected && !got[index] && push.id === expected.id && push.status === expected.status) got[index] = now();
};

const connectRaw = (index) => {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  sockets.push(ws);
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('42')) {
        const [event, push] = JSON.parse(text.slice(2));
        if (event === 'machine') onMachine(index, push);
      } else if (text === '2') ws.send('3');
      else if (text.startsWith('0{')) ws.send(`40${JSON.stringify({ token: tokens[index % tokens.length] })}`);
      else if (text.startsWith('40')) resolve();
      else if (text.startsWith('44')) reject(new Error(`refused: ${text}`));
    });
    ws.on('close', () => disconnected++);
    ws.on('error', reject);
  });
};

const connectOne = (index) => {
  if (mode === 'raw') return connectRaw(index);
  const socket = io(url, {
    auth: { token: tokens[index % tokens.length] },
    transports: ['websocket'],
    reconnection: false,
    timeout: 120_000,
  });
  socket.on('machine', (push) => onMachine(index, push));
  socket.on('disconnect', () => disconnected++);
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
};
for (let i = 0; i < SOCKETS; i += 25) await Promise.all(Array.from({ length: Math.min(25, SOCKETS - i) }, (_, j) => connectOne(i + j)));
console.log(`connected ${sockets.length}`);

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const [command, ...args] = line.trim().split(' ');
  if (command === 'expect') {
    got = new Float64Array(SOCKETS);
    expected = { k: Number(args[0]), id: Number(args[1]), status: args[2] };
    console.log(`expecting ${args[0]}`);
  } else if (command === 'wait') {
    const [k, sent] = args.map(Number);
    const until = Date.now() + 10_000;
    const missing = () => got.reduce((n, t) => n + (t ? 0 : 1), 0);
    while (missing() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
    const delays = [...got].filter((t) => t).map((t) => (t - sent).toFixed(1));
    console.log(`arrived ${k} ${missing()} ${delays.join(',')}`);
  } else if (command === 'count') {
    console.log(`count ${pushes} ${disconnected}`);
  }
});
lines.on('close', () => {
  for (const socket of sockets) socket.close();
  process.exit(0);
});
