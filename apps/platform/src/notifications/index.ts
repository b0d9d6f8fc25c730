export { attachNotificationSocket, type NotificationSocketDeps } from './notification-socket.ts';
export { PushLog } from './push-log.ts';
