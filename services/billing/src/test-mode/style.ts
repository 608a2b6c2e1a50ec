/*
 * The look of local test mode's hosted pages: SwingFit's tokens (apps/web/src/styles/tokens.css) at phone
 * width, with an amber band no one can mistake for a real payment page. Served as a file, not inline, so
 * a strict Content-Security-Policy (no inline styles) still applies.
 */
export const TEST_MODE_CSS = `
:root { --green: #1a7a50; --green-700: #14603f; --green-50: #f2faf5; --ink: #16211c; --ink-2: #4a5a52; --line: #e2e8e4;
  --bg: #f5f7f6; --amber: #d98b06; --amber-100: #fdf1dc; --amber-ink: #6b4500; --red: #c93c3c; --red-100: #fbe6e6;
  --font: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.45 var(--font); }
.band { position: sticky; top: 0; z-index: 1; background: var(--amber); color: #1f1300; text-align: center; padding: 10px 12px;
  font-weight: 800; letter-spacing: 0.08em; font-size: 13px; }
.band small { display: block; font-weight: 600; letter-spacing: 0; font-size: 12px; }
main { max-width: 428px; margin: 0 auto; padding: 20px 16px 40px; display: grid; gap: 16px; }
.brand { display: flex; align-items: center; gap: 8px; font-weight: 800; color: var(--green-700); font-size: 18px; }
.brand span { display: inline-grid; place-items: center; width: 30px; height: 30px; border-radius: 8px; background: var(--green); color: #fff; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 16px; display: grid; gap: 12px;
  box-shadow: 0 1px 2px rgba(16, 40, 28, 0.06), 0 4px 14px rgba(16, 40, 28, 0.06); }
h1 { font-size: 20px; margin: 0; }
h2 { font-size: 15px; margin: 0; }
p { margin: 0; color: var(--ink-2); }
.price { font-size: 30px; font-weight: 800; color: var(--ink); }
.price small { font-size: 15px; font-weight: 600; color: var(--ink-2); }
.save { display: inline-block; background: var(--green-50); color: var(--green-700); border-radius: 999px; padding: 2px 10px; font-size: 12px; font-weight: 700; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; }
dt { color: var(--ink-2); }
dd { margin: 0; font-weight: 600; text-align: right; }
.note { background: var(--amber-100); color: var(--amber-ink); border-radius: 10px; padding: 10px 12px; font-size: 13px; }
.error { background: var(--red-100); color: var(--red); border-radius: 10px; padding: 10px 12px; font-weight: 600; }
form { margin: 0; }
button, .button { display: block; width: 100%; min-height: 48px; border-radius: 12px; border: 1px solid transparent; font: 700 16px var(--font);
  cursor: pointer; text-align: center; text-decoration: none; padding: 12px; }
.primary { background: var(--green); color: #fff; }
.primary:hover { background: var(--green-700); }
.outline { background: #fff; color: var(--ink); border-color: var(--line); }
.danger { background: #fff; color: var(--red); border-color: #efc4c4; }
.stack { display: grid; gap: 8px; }
.muted { color: var(--ink-2); font-size: 13px; }
`;
