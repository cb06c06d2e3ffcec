// Unit tests run handlers in-process with mocked SDK clients; config still validates at import,
// so give it a complete, obviously fake environment.
process.env.TABLE_NAME ??= 'test-table';
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'test';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
process.env.USER_POOL_ID ??= 'us-east-1_test';
process.env.USER_POOL_CLIENT_ID ??= 'test-client';
process.env.MAIL_FROM ??= 'no-reply@example.com';
process.env.APP_URL ??= 'http://localhost:5173';
process.env.LOG_LEVEL ??= 'silent';
process.env.OTP_HASH_KEY ??= 'unit-test-otp-hash-key-0123456789abcdef';
// Always the default scale here: `npm test` runs every project in one process, and the integration
// suite's global setup raises RATE_LIMIT_SCALE for its own stack.
process.env.RATE_LIMIT_SCALE = '1';
// The unit tests exercise both: they set ADMIN_MFA_REQUIRED themselves where it matters.
process.env.ADMIN_MFA_REQUIRED ??= 'false';
