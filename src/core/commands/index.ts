export type { Answer, InfoAnswer, InfoView, Outcome } from './answer.js';
export { outcomeOf } from './answer.js';
export type { AnyCommand, CommandOption, CommandServices, CompareService, FormId } from './define.js';
export { type ParsedCommand, parseArgs, parseCommandText } from './parse.js';
export {
  BARE_COMMAND,
  COMMANDS,
  type CommandName,
  type CommandRequest,
  commandForVerb,
  commandNamed,
  commandsOn,
  helpView,
} from './registry.js';
export { commandHandler, forSurface } from './run.js';
export { familyOf, respell, SURFACES, type Surface } from './surface.js';
export { typed } from './typed.js';
