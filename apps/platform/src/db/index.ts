export { openDatabase, type Database, type Db } from './client.ts';
export { isForeignKeyViolation, isUniqueViolation } from './errors.ts';
export { likeContaining } from './like.ts';
