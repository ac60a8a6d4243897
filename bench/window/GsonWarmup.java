import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * A program with a warm-up phase of its own before the work that matters, for perfstat's --from: WARMUP round trips of
 * 500 records through Gson (to JSON and back), then {@link #measured} does MEASURED more. perfstat stat --from
 * GsonWarmup::measured counts only the second phase; Gson::toJson's calls say so exactly (one a round trip).
 */
public final class GsonWarmup {
    record Item(int id, String name, double price, List<String> tags) {
    }

    private static final Type TYPE = new TypeToken<List<Item>>() { }.getType();

    public static void main(String[] args) {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int measured = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            items.add(new Item(i, "item-" + i, i * 1.25, List.of("a" + i % 7, "b" + i % 11)));
        }
        Gson gson = new Gson();
        long sum = trips(gson, items, warmup);
        sum += measured(gson, items, measured);
        System.out.println("checksum=" + sum);
    }

    /** The part of the run that matters. */
    static long measured(Gson gson, List<Item> items, int trips) {
        return trips(gson, items, trips);
    }

    private static long trips(Gson gson, List<Item> items, int trips) {
        long sum = 0;
        for (int t = 0; t < trips; t++) {
            List<Item> back = gson.fromJson(gson.toJson(items), TYPE);
            sum += back.get(t % back.size()).id();
        }
        return sum;
    }
}
