/** The administrator who decides in the unit tests and the sample events (the `sub` of their tokens). */
export const SAMPLE_ADMIN_ID = '5f3c2a1e-8b7d-4c6a-9e0f-1a2b3c4d5e6f';
