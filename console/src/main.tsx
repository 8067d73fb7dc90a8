import { render } from 'preact';
import { App } from './app.tsx';
import './styles.css';
import './components.css';
import './phone.css';

render(<App />, document.getElementById('root')!);
