/** The admin account the e2e server creates first (so it is the admin). */
export const E2E_ADMIN = { email: "admin@e2e.example.com", password: "admin-password" };
