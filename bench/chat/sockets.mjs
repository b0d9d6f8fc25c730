#!/usr/bin/env node
// The crowd of the chat benchmark, in a process of its own so that it does not share an event loop
// with the measuring clients: signs in the bench accounts and holds BENCH_SOCKETS notification sockets
// (tabs spread over the accounts), and optionally sends background chat traffic at a steady rate.
//
//   node bench/chat/sockets.mjs <platform url> <sockets> <background messages per second> <username>...
//
// Prints "connected N" once every socket is up, "pushes N" on each line of stdin, and stops on stdin's end.
import { io } from 'socket.io-client';

const [url, socketsArg, rateArg, ...usernames] = process.argv.slice(2);
const SOCKETS = Number(socketsArg);
const RATE = Number(rateArg);
const PASSWORD = 'bench1234';

const post = async (path, body, token) => {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
};
const get = async (path, token) => {
  const response = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
};

// Sign in, a few at a time (each sign-in checks an Argon2 hash).
const accounts = [];
for (let i = 0; i < usernames.length; i += 8) {
  const batch = usernames.slice(i, i + 8);
  accounts.push(
    ...(await Promise.all(
      batch.map(async (username) => {
        const { token, user } = await post('/login', { username, password: PASSWORD, site_id: 1 });
        return { username, token, id: user.id };
      }),
    )),
  );
}

let pushes = 0;
const sockets = [];
for (let i = 0; i < SOCKETS; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) => {
      const account = accounts[(i + j) % accounts.length];
      const socket = io(url, { auth: { token: account.token }, transports: ['websocket'], reconnection: false });
      socket.on('chatMessage', () => pushes++);
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    }),
  );
}
console.log(`connected ${sockets.length}`);

// Background traffic: the bench players write to the team's admin, one message every 1/RATE s.
let timer;
if (RATE > 0) {
  const admin = (await get('/api/chat/contacts', accounts[0].token)).find((c) => c.name === 'Admin');
  const chats = new Map();
  let n = 0;
  timer = setInterval(() => {
    const account = accounts[n++ % accounts.length];
    void (async () => {
      let chatId = chats.get(account.id);
      if (!chatId) {
        chatId = (await get(`/api/chat/get-chat?contactId=${admin.id}&userId=${account.id}`, account.token)).chat.id;
        chats.set(account.id, chatId);
      }
      await post('/api/chat/send-message', { chatId, contactId: admin.id, messageText: `background ${n}` }, account.token);
    })().catch((error) => console.error(`background: ${error.message}`));
  }, 1000 / RATE);
}

process.stdin.on('data', () => console.log(`pushes ${pushes} connected ${sockets.filter((s) => s.connected).length}`));
process.stdin.on('end', () => {
  clearInterval(timer);
  sockets.forEach((s) => s.close());
  setTimeout(() => process.exit(0), 200);
});
