export { registerDocumentation } from './documentation-routes.ts';
export { audienceOf, DocumentationLibrary, playerPages } from './documentation-library.ts';
