// Entry of embed.html: the chromeless view for iframes. State comes from the fragment
// (#v=2&s=...), flags from the query: readonly=1, panes=table,rrt,..., theme=light|dark, title=...,
// lines=12-30 (the lines the editor shows; default: from the first loop line)
import './styles/theme.css';
import './styles/panes.css';
import './styles/embed.css';
import { mountEmbed, parseLines } from './app/embed-view';
import { decodeState } from './state/share';
import { defaultState, paneList } from './state/state';
import type { Theme } from './state/prefs';

const query = new URLSearchParams(location.search);
const decoded = decodeState(location.hash);
const host = document.getElementById('app')!;
const panes = paneList(query.get('panes'));
const theme = query.get('theme');
const title = query.get('title') ?? '';
if (title) document.title = title;

mountEmbed({
  host,
  state: decoded.kind === 'ok' ? decoded.state : defaultState(decoded.kind === 'error' ? `// ${decoded.message}\n` : ''),
  readOnly: query.get('readonly') === '1',
  panes,
  siteBase: new URL('./', location.href).href,
  theme: theme === 'light' || theme === 'dark' ? (theme as Theme) : 'system',
  title,
  lines: parseLines(query.get('lines')),
});
