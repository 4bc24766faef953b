# Installs the loopls binary on Windows: the PowerShell twin of
# install-binary.sh. It takes loopls-win32-ARCH.zip and SHA256SUMS from a
# release (or a local dist/ of `make release`), refuses the archive unless its
# SHA-256 matches its line in SHA256SUMS, and puts loopls.exe in -Dir with
# loopls.source beside it (the version and where it came from, which
# :checkhealth loopls shows). Nothing is installed on any failure.
#
#   powershell -ExecutionPolicy Bypass -File editors\nvim\scripts\install-binary.ps1 [-Version vX.Y.Z] [-From DIR|URL] [-Dir DIR]
#
# -Version  the release to fetch (default: the latest)
# -From     a local release directory or the URL of a release's files
# -Dir      where loopls.exe goes (default: bin\ of this checkout)
# Environment: LOOPLS_RELEASES (default https://github.com/loopls/loopls/releases).
param(
  [string]$Version = 'latest',
  [string]$From = '',
  [string]$Dir = ''
)
$ErrorActionPreference = 'Stop'
function Say($m) { [Console]::Error.WriteLine("loopls install: $m") }
function Die($m) { Say $m; exit 1 }

$root = (Resolve-Path (Join-Path $PSScriptRoot '..\..\..')).Path
if ($Dir -eq '') { $Dir = Join-Path $root 'bin' }
$releases = if ($env:LOOPLS_RELEASES) { $env:LOOPLS_RELEASES } else { 'https://github.com/loopls/loopls/releases' }

switch ($env:PROCESSOR_ARCHITECTURE) {
  'AMD64' { $arch = 'x64' }
  'ARM64' { $arch = 'arm64' }
  default { Die "no release binary is made for this platform (Windows $($env:PROCESSOR_ARCHITECTURE)); go install github.com/loopls/loopls/cmd/loopls@latest builds one" }
}
$asset = "loopls-win32-$arch.zip"
if ($From -ne '') {
  $base = if (Test-Path -LiteralPath $From -PathType Container) { (Resolve-Path -LiteralPath $From).Path } else { $From.TrimEnd('/') }
} elseif ($Version -eq 'latest') {
  $base = "$releases/latest/download"
} else {
  $base = "$releases/download/$Version"
}

$tmp = Join-Path ([IO.Path]::GetTempPath()) ("loopls-install-" + [Guid]::NewGuid())
New-Item -ItemType Directory -Path $tmp | Out-Null
try {
  function Fetch($name) {
    $out = Join-Path $tmp $name
    if (Test-Path -LiteralPath $base -PathType Container) {
      $src = Join-Path $base $name
      if (-not (Test-Path -LiteralPath $src -PathType Leaf)) { Die "refused: $base has no $name; nothing was installed" }
      Copy-Item -LiteralPath $src -Destination $out
    } else {
      try { Invoke-WebRequest -UseBasicParsing -Uri "$base/$name" -OutFile $out }
      catch { Die "could not download $base/$name ($($_.Exception.Message)); nothing was installed" }
    }
    return $out
  }
  $sums = Fetch 'SHA256SUMS'
  $zip = Fetch $asset
  $want = $null
  foreach ($line in Get-Content -LiteralPath $sums) {
    $parts = $line -split '\s+', 2
    if ($parts.Count -eq 2 -and ($parts[1] -eq $asset -or $parts[1] -eq "*$asset")) { $want = $parts[0].ToLower(); break }
  }
  if (-not $want) { Die "refused: SHA256SUMS at $base has no line for $asset; nothing was installed" }
  $got = (Get-FileHash -Algorithm SHA256 -LiteralPath $zip).Hash.ToLower()
  if ($got -ne $want) { Die "refused: checksum mismatch for $asset (SHA256SUMS says $want, the download is $got); nothing was installed" }
  $x = Join-Path $tmp 'x'
  Expand-Archive -LiteralPath $zip -DestinationPath $x
  $exe = Join-Path $x 'loopls.exe'
  if (-not (Test-Path -LiteralPath $exe -PathType Leaf)) { Die "refused: $asset holds no loopls.exe; nothing was installed" }
  $gotVersion = (& $exe version 2>$null)
  if ($LASTEXITCODE -ne 0 -or -not $gotVersion) { Die "refused: the loopls.exe in $asset does not run on this machine; nothing was installed" }
  New-Item -ItemType Directory -Force -Path $Dir | Out-Null
  $new = Join-Path $Dir ".loopls.new.$PID.exe"
  Copy-Item -LiteralPath $exe -Destination $new
  Move-Item -Force -LiteralPath $new -Destination (Join-Path $Dir 'loopls.exe')
  Set-Content -LiteralPath (Join-Path $Dir 'loopls.source') -Value "$gotVersion from $base/$asset (SHA-256 $got checked against SHA256SUMS)"
  Say "installed $gotVersion from $base/$asset (SHA-256 checked) at $(Join-Path $Dir 'loopls.exe')"
} finally {
  Remove-Item -Recurse -Force -LiteralPath $tmp -ErrorAction SilentlyContinue
}
