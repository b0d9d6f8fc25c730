export { attachNotificationSocket } from './notification-socket.ts';
export { PushLog } from './push-log.ts';
