// Entry of index.html: the full playground.
import './styles/theme.css';
import './styles/panes.css';
import './styles/app.css';
import { mountPlayground } from './app/playground';

mountPlayground(document.getElementById('app')!);
