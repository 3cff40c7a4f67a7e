export function NotFoundPage() {
  return (
    <main className="shell-message">
      <h1>404 Page Not Found</h1>
      <p>The page you are looking for is not here.</p>
      <a className="shell-button" href="/">
        Go to the home page
      </a>
    </main>
  );
}
