import { defineRegistration } from '../../config/registration.js';

/** The local shell: a terminal or a pipe stands in for a chat platform. Needs no configuration. */
export const shellRegistration = defineRegistration({
  id: 'shell',
  kind: 'terminal',
  label: 'local shell',
  env: {},
  secrets: [],
  help: 'The local shell needs nothing: `carbon shell`, or `carbon start` in a terminal when no chat platform is configured.',
});
