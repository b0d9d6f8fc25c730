export { attachNotificationSocket } from './notification-socket.ts';
