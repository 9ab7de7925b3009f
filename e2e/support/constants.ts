/** Overridable so several worktrees can run their e2e at once on one machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN_EMAIL = 'admin@jiaju.com';
/** The e2e server's administrator password; the demo users share it. */
export const E2E_PASSWORD = 'E2eAdmin2026';
