// Says, once per run, which databases the database and API tests use.
export function setup() {
  const server = process.env.TEST_DATABASE_URL;
  const where = server
    ? `PGlite and PostgreSQL (${new URL(server).host})`
    : 'PGlite only (set TEST_DATABASE_URL to add PostgreSQL)';
  console.log(`Database and API tests run against: ${where}`);
}
