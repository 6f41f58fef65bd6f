// Capital.com's own hosts (spec/capital-api.md section 1): the defaults of CAPITAL_API_URL,
// CAPITAL_DEMO_API_URL and CAPITAL_STREAM_URL. The adapter never reads them itself; it is given
// its URLs, so a loopback fake or another environment plugs in without code changes.

export const DEFAULT_CAPITAL_API_URL = 'https://api-capital.backend-capital.com';
export const DEFAULT_CAPITAL_DEMO_API_URL = 'https://demo-api-capital.backend-capital.com';
export const DEFAULT_CAPITAL_STREAM_URL = 'wss://api-streaming-capital.backend-capital.com/connect';
/** Not in Capital.com's documents: third-party clients and an AsyncAPI listing use it for demo keys. */
export const DEFAULT_CAPITAL_DEMO_STREAM_URL = 'wss://demo-api-streaming-capital.backend-capital.com/connect';
