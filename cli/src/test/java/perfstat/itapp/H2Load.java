package perfstat.itapp;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A third-party application under a small multi-threaded load: an in-memory H2 database,
 * THREADS threads each inserting OPS rows and reading each back through prepared statements
 * ({@code H2Load THREADS OPS [noindex]}: noindex, a second build of it, makes the table without its key).
 * Prints a checksum that does not depend on timing.
 */
public final class H2Load {
    private H2Load() {
    }

    @Timed
    static long oneOp(PreparedStatement insert, PreparedStatement select, int id) throws SQLException {
        insert.setInt(1, id);
        insert.setInt(2, id % 97);
        insert.executeUpdate();
        select.setInt(1, id);
        try (ResultSet rs = select.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int ops = Integer.parseInt(args[1]);
        // a second build of the application: its table without the primary key, so each select scans
        boolean index = args.length < 3 || !args[2].equals("noindex");
        String url = "jdbc:h2:mem:load;DB_CLOSE_DELAY=-1";
        try (Connection c = DriverManager.getConnection(url)) {
            c.createStatement().execute(index ? "create table t(id int primary key, v int)" : "create table t(id int, v int)");
            long[] sums = new long[threads];
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int me = t;
                ts[t] = new Thread(() -> {
                    try (Connection own = DriverManager.getConnection(url);
                         PreparedStatement insert = own.prepareStatement("insert into t values (?, ?)");
                         PreparedStatement select = own.prepareStatement("select v from t where id = ?")) {
                        for (int i = 0; i < ops; i++) {
                            sums[me] += oneOp(insert, select, me * ops + i);
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
                ts[t].start();
            }
            long sum = 0;
            for (int t = 0; t < threads; t++) {
                ts[t].join();
                sum += sums[t];
            }
            System.out.println("rows=" + threads * ops + " sum=" + sum);
        }
    }
}
