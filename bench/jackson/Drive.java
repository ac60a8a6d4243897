import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;

/** Parses and writes JSON with Jackson: N calls of readValue(String,TypeReference), writeValueAsString, readTree. */
public class Drive {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        ObjectMapper m = new ObjectMapper();
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 200; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item").append(i)
              .append("\",\"tags\":[\"a\",\"b\",\"c\"],\"score\":").append(i * 0.5).append('}');
        }
        String json = sb.append(']').toString();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            List<Map<String, Object>> items = m.readValue(json, new TypeReference<List<Map<String, Object>>>() { });
            sum += m.writeValueAsString(items).length();
            sum += m.readTree(json).size();
        }
        System.out.println(sum);
    }
}
