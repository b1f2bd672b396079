export { createService, DEFAULT_CACHE_SIZE, type Service, type ServiceOptions } from './service.js';
