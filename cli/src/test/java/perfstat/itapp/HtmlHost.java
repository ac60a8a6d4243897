package perfstat.itapp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A long-running host of a third-party library for attach: parses HTML pages with jsoup and selects from them, in
 * batches, until the file {@code args[0]} appears; then it uses an {@link AtomicLongArray} (its first VarHandle
 * operation: until then it needs none, so that an agent attached to it is the first to) and prints what it read, to
 * show its own code unharmed by what the agent did and undid.
 */
public final class HtmlHost {
    private HtmlHost() {
    }

    private static String page(int n) {
        StringBuilder sb = new StringBuilder("<html><head><title>page ").append(n).append("</title></head><body>");
        for (int row = 0; row < 30; row++) {
            sb.append("<div class='row k").append(row % 4).append("'><a href='/p/").append(n).append('/').append(row)
                    .append("'>link ").append(row).append("</a><span>text <i>").append(row * n).append("</i></span></div>");
        }
        return sb.append("</body></html>").toString();
    }

    public static void main(String[] args) throws Exception {
        Path stop = Path.of(args[0]);
        String[] pages = new String[20];
        for (int i = 0; i < pages.length; i++) {
            pages[i] = page(i);
        }
        long sum = 0;
        for (long batch = 0; !Files.exists(stop); batch++) {
            for (String p : pages) {
                Document d = Jsoup.parse(p);
                for (Element e : d.select("div.k1 a[href]")) {
                    sum += e.attr("href").length();
                }
                sum += d.title().length();
            }
            if (batch % 100 == 0) {
                System.out.println("batch " + batch + " sum=" + sum);
            }
        }
        AtomicLongArray a = new AtomicLongArray(2);
        a.set(1, 41);
        System.out.println("atomics=" + (a.get(1) + 1));
    }
}
