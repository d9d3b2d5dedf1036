// -emit=report without a browser: a sequential loop's verdict with the
// dependence that blocks it and its source lines, the direction matrix, the
// mapping, and the input's text escaped (a comment that looks like markup
// stays text: </pre><script>alert("x & y")</script>).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=report -o %t/report.html
// RUN: FileCheck %s < %t/report.html
// RUN: not grep -F '<script>alert' %t/report.html
// --validate-mode=none writes the harness and says so, without running it.
// RUN: %loopgpu %s -emit=report --validate --validate-mode=none --validate-dir %t/h -o %t/none.html
// RUN: FileCheck %s --check-prefix=NONE < %t/none.html
// RUN: test -f %t/h/run.sh
// A validation that fails (here: a broken emulation) is in the report, which
// is written, and the exit status is 1.
// RUN: %expect_exit 1 env LOOPGPU_EMU_REWRITE=/bin/false %loopgpu %s -emit=report --validate --validate-mode=cpu --validate-dir %t/f -o %t/fail.html 2> %t/fail.err
// RUN: FileCheck %s --check-prefix=FAIL < %t/fail.html
// RUN: FileCheck %s --check-prefix=FAILERR < %t/fail.err
// Reports are CUDA's: -format does not apply.
// RUN: %expect_exit 2 %loopgpu %s -emit=report -format=json 2>&1 | FileCheck %s --check-prefix=USAGE
void f(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      if (i > 0 && j < n)
        A[i][j] = A[i - 1][j] + 1;
}
// CHECK: <title>loopgpu report: {{.*}}verdicts-and-escaping.c</title>
// CHECK: <h2>Nest 0 of f (<a href="#s21">line 21</a>)</h2>
// CHECK: <td class="mono">i</td><td><a href="#s22">line 22</a></td><td><span class="verdict v-sequential">sequential</span>
// CHECK-SAME: <div class="blocking"><span class="mono">D1 RAW A[i][j] → A[i - 1][j]</span>, <a href="#s25">line 25</a> → <a href="#s25">line 25</a>, direction <span class="mono">(&lt;,=)</span>: blocks it</div>
// CHECK: <td class="mono">j</td><td><a href="#s23">line 23</a></td><td><span class="verdict v-parallel">parallel</span></td><td>none</td>
// CHECK: D1 RAW A[i][j] → A[i - 1][j]</span>, <a href="#s25">line 25</a> → <a href="#s25">line 25</a></td><td class="dir">&lt;</td><td class="dir">=</td><td class="mono">(1,0)</td>
// CHECK: <td class="mono">f_nest0_kernel</td><td>parallel</td><td><div>x: blocks over loop j (line 23)
// CHECK: id="s4"><span class="ln">4</span>// stays text: &lt;/pre&gt;&lt;script&gt;alert(&quot;x &amp; y&quot;)&lt;/script&gt;).</span>
// CHECK: <span class="line nest" id="s24"><span class="ln">24</span>      if (i &gt; 0 &amp;&amp; j &lt; n)</span>
// NONE: The harness ran not: --validate-mode=none wrote it to {{.*}}/h.</p>
// FAIL: Overall: <span class="verdict v-FAIL">FAIL</span>
// FAIL: the harness printed no result (exit status 1): it did not build or did not run; {{.*}}/f/output.txt has its output
// FAILERR: loopgpu: validation FAILED; the harness and its output are in {{.*}}/f
// USAGE: error: -format=json applies to -emit=ir and -emit=deps only
// A loop that runs in one GPU thread: the kernel's grid and block say so.
// RUN: FileCheck %s --check-prefix=SERIAL < %t/report.html
// SERIAL: <td class="mono">g_nest0_kernel</td><td>one thread</td><td>1 block</td><td>(1, 1, 1): 1 thread</td><td>none</td><td>none</td><td>none</td>
void g(int n, float x[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    x[i] = x[i - 1] * 0.5f + 1.0f; // not a scan (test/CodeGen/scan.c)
}
