import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;
import java.util.ArrayList;
import java.util.List;

/**
 * A fixed amount of work on a third-party library, for calibrating perfstat's verdicts: N round trips of 500 records
 * through Gson (to JSON and back), then the checksum, so that the JIT cannot drop the work.
 */
public final class GsonRoundTrips {
    record Item(int id, String name, double price, List<String> tags) {
    }

    public static void main(String[] args) {
        int trips = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            items.add(new Item(i, "item-" + i, i * 1.25, List.of("a" + i % 7, "b" + i % 11)));
        }
        Gson gson = new Gson();
        var type = new TypeToken<List<Item>>() { }.getType();
        long sum = 0;
        for (int t = 0; t < trips; t++) {
            List<Item> back = gson.fromJson(gson.toJson(items), type);
            sum += back.get(t % back.size()).id();
        }
        System.out.println("checksum=" + sum);
    }
}
