import { json } from './fetch-mock';

/** GET /api/rules: the rules page's document, in Markdown, for any language (`content` its text). */
export const rulesAnswer = (content = '# Rules') =>
  json({ content, format: 'markdown', language: null, updatedAt: new Date().toISOString() });
