import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<div>保险服务</div>);
