// Component tests render with the kit's real styles, as a product would.
import '../styles.css';
