export { createService, DEFAULT_CACHE_SIZE, type Service, type ServiceOptions } from './service.js';
export { DEFAULT_HOST, DEFAULT_PORT, type RunningService, type StartOptions, startService } from './start.js';
