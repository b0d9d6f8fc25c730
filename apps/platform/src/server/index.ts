export { buildApp, type AppOptions, type BuiltApp } from './app.ts';
