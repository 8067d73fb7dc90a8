import { render } from 'preact';
import { App } from './app.tsx';
import './styles.css';
import './components.css';
import './phone.css';
import './page-sheet.css';

render(<App />, document.getElementById('root')!);
