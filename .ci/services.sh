# Services for the service tests (tests/service), sourced by .ci/run before the test command:
# Debian's PostgreSQL (started as the postgres user on 127.0.0.1, with a role and database
# for the tests, exported as DECKCHECK_TEST_DATABASE_URL) and Debian's Chromium and
# ChromeDriver for the browser test, and a CJK font for the sheet tests (tests/event/test_sheet.py).
# Without root it changes nothing and those tests skip.

if [ "$(id -u)" != 0 ]; then
    echo "ci: not root: PostgreSQL and Chromium not set up; their tests will skip" >&2
    return 0
fi

export DEBIAN_FRONTEND=noninteractive
for attempt in 1 2 3; do
    apt-get update -qq && break
    [ "$attempt" = 3 ] && { echo "ci: apt-get update failed" >&2; return 1; }
    sleep 5
done
apt-get install -y -qq --no-install-recommends \
    postgresql chromium chromium-driver fonts-liberation fonts-wqy-microhei >/dev/null

pg_version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
pg_main() { pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main"'; }
if [ -z "$(pg_main)" ]; then
    pg_createcluster "$pg_version" main >/dev/null
fi
if [ "$(pg_main | awk '{print $4}')" != online ]; then
    runuser -u postgres -- pg_ctlcluster "$pg_version" main start \
        -- -o "-c listen_addresses=127.0.0.1"
fi
pg_port=$(pg_main | awk '{print $3}')
pg_isready -q -h 127.0.0.1 -p "$pg_port" -t 60

pg_admin() { (cd / && runuser -u postgres -- psql -p "$pg_port" -v ON_ERROR_STOP=1 -qtAX "$@"); }
if [ "$(pg_admin -c "SELECT 1 FROM pg_roles WHERE rolname = 'deckcheck'")" != 1 ]; then
    pg_admin -c "CREATE ROLE deckcheck LOGIN PASSWORD 'deckcheck'"
fi
if [ "$(pg_admin -c "SELECT 1 FROM pg_database WHERE datname = 'deckcheck_test'")" != 1 ]; then
    pg_admin -c "CREATE DATABASE deckcheck_test OWNER deckcheck"
fi
export DECKCHECK_TEST_DATABASE_URL="postgresql://deckcheck:deckcheck@127.0.0.1:${pg_port}/deckcheck_test"
psql "$DECKCHECK_TEST_DATABASE_URL" -qtAX -c "SELECT 1" >/dev/null
echo "ci: PostgreSQL $pg_version on 127.0.0.1:$pg_port; $(chromium --version 2>/dev/null)" >&2
