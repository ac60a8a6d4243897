package perfstat.format;

/**
 * How far apart two names are, for the hints both ends give on a name that matches nothing (the agent's probe
 * patterns, the CLI's metric and unit names): optimal string alignment distance, a swap of two neighbours one edit,
 * so {@code stpe} is one edit from {@code step}.
 */
public final class EditDistance {
    private EditDistance() {
    }

    /** The edits (insert, delete, substitute, swap two neighbours) that turn {@code a} into {@code b}. */
    public static int between(String a, String b) {
        int[] before = new int[b.length() + 1];
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                int d = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, before[j - 2] + 1);
                }
                cur[j] = d;
            }
            int[] x = before;
            before = prev;
            prev = cur;
            cur = x;
        }
        return prev[b.length()];
    }
}
