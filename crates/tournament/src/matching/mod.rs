//! Maximum-weight matching on general graphs (Edmonds' blossom algorithm with dual
//! variables, O(n³)), chess-free: pairing systems turn their criteria into edge weights and
//! ask this module for the best set of pairs.
//!
//! The algorithm follows the classic primal-dual formulation (Galil, "Efficient algorithms
//! for finding maximum matching in graphs", 1986) as popularised by J. van Rantwijk's
//! `mwmatching`; weights are integers, doubled internally so that every dual stays
//! integral.
//!
//! [`max_weight_matching_with_duals`] also hands back the optimal duals ([`Duals`]): their
//! slacks bound every perfect matching of a subgraph (LP duality), which lets a caller
//! refuse a constrained variant of the problem without solving it again.
//! [`augment_from`] is Edmonds' cardinality search for one augmenting path, exact in
//! general graphs; over the tight pairs of an optimum it tells whether a constrained
//! variant still reaches the optimum.

/// A weighted edge between vertices `a` and `b`.
pub type Edge = (usize, usize, i128);

/// The best matching: `mate[v]` is `Some(w)` when `v` is matched to `w`.
///
/// With `max_cardinality`, the matching has the largest possible number of edges and,
/// among those, the largest weight; otherwise simply the largest weight. Vertices are
/// `0..n`; edges naming a vertex outside that range, loops and negative weights (unless
/// `max_cardinality`) are ignored.
#[must_use]
pub fn max_weight_matching(n: usize, edges: &[Edge], max_cardinality: bool) -> Vec<Option<usize>> {
    match run(n, edges.to_vec(), max_cardinality) {
        Ok(m) => m.mates(),
        Err(_) => vec![None; n],
    }
}

/// Solves, or gives the edges back when there is nothing to match. The edges are kept,
/// not copied: edges naming a vertex outside `0..n` and loops are dropped and the weights
/// doubled in place, in the same order.
fn run(n: usize, mut edges: Vec<Edge>, max_cardinality: bool) -> Result<Matcher, Vec<Edge>> {
    edges.retain(|&(a, b, _)| a < n && b < n && a != b);
    if edges.is_empty() || n == 0 {
        return Err(edges);
    }
    for e in &mut edges {
        e.2 *= 2;
    }
    let mut m = Matcher::new(n, edges, max_cardinality);
    m.solve();
    Ok(m)
}

/// The optimal dual solution the matcher ends with, for edge slacks after the solve.
///
/// In the doubled units of the matcher, an edge `a`–`b` of weight `w` has the slack
/// `y[a] + y[b] + 2 Σ z[B] − 4w` (the sum over the blossoms `B` holding both ends), never
/// negative for an edge of the graph. Take any perfect matching `M` of a subgraph (any
/// edges dropped, any vertex forced to one partner), and the matching `M*` the solve
/// returned: when every edge of `M*` has slack 0 and every blossom with `z[B] > 0` holds
/// `(|B| − 1) / 2` edges of `M*` (what [`Duals::certify`] checks), and both `M` and `M*`
/// are perfect, then
/// `4 w(M) ≤ 4 w(M*) − Σ_{e ∈ M} slack(e)` (LP duality for the perfect-matching polytope,
/// Edmonds 1965). So a pair with positive slack lies in no matching as heavy as `M*`.
#[derive(Debug, Clone)]
pub struct Duals {
    /// Vertex duals `y`.
    vertex: Vec<i128>,
    /// The blossoms around each vertex, outermost first.
    around: Vec<Vec<usize>>,
    /// Blossom duals `z`, indexed like the blossom ids in `around`.
    blossom: Vec<i128>,
}

impl Duals {
    /// The slack of the pair `a`–`b` with weight `w` (the caller's units), or `None` when
    /// a vertex is out of range or the arithmetic would overflow.
    #[must_use]
    pub fn slack(&self, a: usize, b: usize, w: i128) -> Option<i128> {
        let (ra, rb) = (self.around.get(a)?, self.around.get(b)?);
        let mut s = self.vertex.get(a)?.checked_add(*self.vertex.get(b)?)?;
        for (x, y) in ra.iter().zip(rb) {
            if x != y {
                break;
            }
            s = s.checked_add(self.blossom.get(*x)?.checked_mul(2)?)?;
        }
        s.checked_sub(w.checked_mul(4)?)
    }

    /// Whether these duals prove `mate` optimal over `edges`: every edge has slack ≥ 0,
    /// every matched edge slack 0, every blossom dual is ≥ 0 and a blossom with a positive
    /// dual is full. Only then does the bound of [`Duals`] hold.
    #[must_use]
    pub fn certify(&self, edges: &[Edge], mate: &[Option<usize>]) -> bool {
        let n = self.vertex.len();
        let mut tight_mate = vec![false; n];
        for &(a, b, w) in edges {
            if a >= n || b >= n || a == b {
                continue;
            }
            match self.slack(a, b, w) {
                Some(0) => {
                    if mate.get(a).copied().flatten() == Some(b) {
                        tight_mate[a] = true;
                        tight_mate[b] = true;
                    }
                }
                Some(s) if s > 0 => {}
                _ => return false,
            }
        }
        // Every matched vertex is matched along a tight edge.
        if mate
            .iter()
            .zip(&tight_mate)
            .any(|(m, tight)| m.is_some() && !tight)
        {
            return false;
        }
        // Blossoms: z ≥ 0, and z > 0 only when the blossom is full.
        let mut size = vec![0usize; self.blossom.len()];
        let mut inner = vec![0usize; self.blossom.len()];
        for (v, around) in self.around.iter().enumerate() {
            let partner = mate.get(v).copied().flatten();
            for &b in around {
                let (Some(s), Some(i)) = (size.get_mut(b), inner.get_mut(b)) else {
                    return false;
                };
                *s += 1;
                if partner.is_some_and(|u| self.around.get(u).is_some_and(|r| r.contains(&b))) {
                    *i += 1;
                }
            }
        }
        size.iter()
            .zip(&inner)
            .zip(&self.blossom)
            .all(|((&s, &i), &z)| s == 0 || (z >= 0 && (z == 0 || i + 1 == s)))
    }
}

/// [`max_weight_matching`], with the optimal duals it ends with (`None` when there is
/// nothing to match).
#[must_use]
pub fn max_weight_matching_with_duals(
    n: usize,
    edges: &[Edge],
    max_cardinality: bool,
) -> (Vec<Option<usize>>, Option<Duals>) {
    let (mate, duals, _) = max_weight_matching_with_duals_owned(n, edges.to_vec(), max_cardinality);
    (mate, duals)
}

/// [`max_weight_matching_with_duals`] on an edge list it takes and hands back, without
/// copying it (a dense graph of 1,000 vertices has half a million edges): the edges come
/// back in the caller's units and order, less those the matcher ignores (a vertex out of
/// range, a loop), ready for [`Duals::certify`].
#[must_use]
pub fn max_weight_matching_with_duals_owned(
    n: usize,
    edges: Vec<Edge>,
    max_cardinality: bool,
) -> (Vec<Option<usize>>, Option<Duals>, Vec<Edge>) {
    match run(n, edges, max_cardinality) {
        Err(edges) => (vec![None; n], None, edges),
        Ok(m) => {
            let duals = m.duals();
            let mate = m.mates();
            (mate, Some(duals), m.into_edges())
        }
    }
}

/// Looks for an augmenting path from the unmatched vertex `root` in the graph `adj`
/// (adjacency lists; `mate` a matching of it) and applies it: `true` when `mate` has
/// grown by one pair. Edmonds' search with blossom shrinking, so the answer is exact:
/// `false` means no augmenting path starts at `root` (Berge 1957).
pub fn augment_from(adj: &[Vec<usize>], mate: &mut [Option<usize>], root: usize) -> bool {
    augment_from_with(
        adj.len(),
        |v| adj.get(v).cloned().unwrap_or_default(),
        mate,
        root,
    )
}

/// Grows `mate` to a largest matching of the graph given by `neighbors` (as in
/// [`augment_from_with`]): one augmenting-path search from each unmatched vertex, since a
/// vertex that starts none never starts one after later augmentations. `true` when the
/// result is perfect.
pub fn grow_with(
    n: usize,
    mut neighbors: impl FnMut(usize) -> Vec<usize>,
    mate: &mut [Option<usize>],
) -> bool {
    for v in 0..n {
        if mate.get(v).is_some_and(Option::is_none) {
            augment_from_with(n, &mut neighbors, mate, v);
        }
    }
    mate.iter().all(Option::is_some)
}

/// [`augment_from`] on a graph of `n` vertices given by `neighbors`, asked at most once
/// per vertex and search, so a large graph need only be read where the search goes.
pub fn augment_from_with(
    n: usize,
    mut neighbors: impl FnMut(usize) -> Vec<usize>,
    mate: &mut [Option<usize>],
    root: usize,
) -> bool {
    if root >= n || mate.len() != n || mate[root].is_some() {
        return false;
    }
    let mut parent: Vec<Option<usize>> = vec![None; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut used = vec![false; n];
    let mut queue = std::collections::VecDeque::from([root]);
    used[root] = true;
    while let Some(v) = queue.pop_front() {
        for to in neighbors(v) {
            if to >= n || base[v] == base[to] || mate[v] == Some(to) {
                continue;
            }
            let even = to == root || mate[to].is_some_and(|m| parent[m].is_some());
            if even {
                // An odd cycle: shrink it into its base.
                let Some(top) = common_base(&base, mate, &parent, v, to) else {
                    return false;
                };
                let mut blossom = vec![false; n];
                if !mark_path(&base, mate, &mut parent, &mut blossom, v, top, to)
                    || !mark_path(&base, mate, &mut parent, &mut blossom, to, top, v)
                {
                    return false;
                }
                for i in 0..n {
                    if blossom[base[i]] {
                        base[i] = top;
                        if !used[i] {
                            used[i] = true;
                            queue.push_back(i);
                        }
                    }
                }
            } else if parent[to].is_none() {
                parent[to] = Some(v);
                match mate[to] {
                    None => {
                        // Flip the path back to the root.
                        let mut x = Some(to);
                        while let Some(u) = x {
                            let Some(pu) = parent[u] else {
                                return false;
                            };
                            let next = mate[pu];
                            mate[u] = Some(pu);
                            mate[pu] = Some(u);
                            x = next;
                        }
                        return true;
                    }
                    Some(m) => {
                        used[m] = true;
                        queue.push_back(m);
                    }
                }
            }
        }
    }
    false
}

/// The base where the tree paths from `a` and `b` to the root meet.
fn common_base(
    base: &[usize],
    mate: &[Option<usize>],
    parent: &[Option<usize>],
    a: usize,
    b: usize,
) -> Option<usize> {
    let mut seen = vec![false; base.len()];
    let mut a = a;
    loop {
        a = base[a];
        seen[a] = true;
        match mate[a] {
            None => break,
            Some(m) => a = parent[m]?,
        }
    }
    let mut b = b;
    loop {
        b = base[b];
        if seen[b] {
            return Some(b);
        }
        b = parent[mate[b]?]?;
    }
}

/// Marks the blossom from `v` down to the base `top`, pointing odd vertices the other way
/// round the cycle.
fn mark_path(
    base: &[usize],
    mate: &[Option<usize>],
    parent: &mut [Option<usize>],
    blossom: &mut [bool],
    mut v: usize,
    top: usize,
    mut child: usize,
) -> bool {
    while base[v] != top {
        let Some(m) = mate[v] else {
            return false;
        };
        blossom[base[v]] = true;
        blossom[base[m]] = true;
        parent[v] = Some(child);
        child = m;
        let Some(next) = parent[m] else {
            return false;
        };
        v = next;
    }
    true
}

struct Matcher {
    n: usize,
    edges: Vec<Edge>,
    max_cardinality: bool,
    endpoint: Vec<usize>,
    /// For each vertex, the endpoints `p` of its edges (edge `p / 2`, far vertex
    /// `endpoint[p]`) with the far vertex and the (doubled) weight beside them, so the
    /// scan reads one list instead of three arrays.
    neighbours: Vec<Vec<(usize, usize, i128)>>,
    mate: Vec<isize>,
    label: Vec<u8>,
    labelend: Vec<isize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<isize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<isize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<isize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i128>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl Matcher {
    fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&p| (p >= 0).then(|| self.endpoint[p as usize]))
            .collect()
    }

    /// The optimal duals after [`Matcher::solve`].
    fn duals(&self) -> Duals {
        let n = self.n;
        let around = (0..n)
            .map(|v| {
                let mut chain = Vec::new();
                let mut b = self.blossomparent[v];
                while b >= 0 {
                    chain.push(b as usize);
                    b = self.blossomparent[b as usize];
                }
                chain.reverse();
                chain
            })
            .collect();
        Duals {
            vertex: self.dualvar[..n].to_vec(),
            around,
            blossom: self.dualvar.clone(),
        }
    }

    /// The edges in the caller's units (the weights were doubled by [`run`]).
    fn into_edges(self) -> Vec<Edge> {
        let mut edges = self.edges;
        for e in &mut edges {
            e.2 /= 2;
        }
        edges
    }

    fn new(n: usize, edges: Vec<Edge>, max_cardinality: bool) -> Matcher {
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        // Each vertex's list sized to its degree: no slack from growing (at 1,000 players
        // the lists hold a million entries).
        let mut degree = vec![0usize; n];
        for &(i, j, _) in &edges {
            degree[i] += 1;
            degree[j] += 1;
        }
        let mut neighbours: Vec<Vec<(usize, usize, i128)>> =
            degree.into_iter().map(Vec::with_capacity).collect();
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbours[i].push((2 * k + 1, j, w));
            neighbours[j].push((2 * k, i, w));
        }
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        let ne = edges.len();
        Matcher {
            n,
            edges,
            max_cardinality,
            endpoint,
            neighbours,
            mate: vec![-1; n],
            label: vec![0; 2 * n],
            labelend: vec![-1; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![-1; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n as isize).chain(std::iter::repeat_n(-1, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![-1; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; ne],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        if b < self.n {
            return vec![b];
        }
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                for &c in self.blossomchilds[x].iter().rev() {
                    stack.push(c);
                }
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: isize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = -1;
        self.bestedge[b] = -1;
        if t == 1 {
            let l = self.leaves(b);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.blossombase[b] as usize;
            let mb = self.mate[base];
            let e = self.endpoint[mb as usize];
            self.assign_label(e, 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> isize {
        let mut path = Vec::new();
        let mut base: isize = -1;
        let (mut v, mut w) = (v as isize, w as isize);
        while v != -1 || w != -1 {
            let mut b = self.inblossom[v as usize];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == -1 {
                v = -1;
            } else {
                v = self.endpoint[self.labelend[b] as usize] as isize;
                b = self.inblossom[v as usize];
                v = self.endpoint[self.labelend[b] as usize] as isize;
            }
            if w != -1 {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base as isize;
        self.blossomparent[b] = -1;
        self.blossomparent[bb] = b as isize;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b as isize;
            path.push(bv);
            endps.push(self.labelend[bv] as usize);
            v = self.endpoint[self.labelend[bv] as usize];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b as isize;
            path.push(bw);
            endps.push((self.labelend[bw] ^ 1) as usize);
            w = self.endpoint[self.labelend[bw] as usize];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        let mut bestedgeto: Vec<isize> = vec![-1; 2 * self.n];
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[sub].take() {
                None => self
                    .leaves(sub)
                    .into_iter()
                    .map(|x| self.neighbours[x].iter().map(|&(p, _, _)| p / 2).collect())
                    .collect(),
                Some(l) => vec![l],
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == -1
                            || self.slack(k) < self.slack(bestedgeto[bj] as usize))
                    {
                        bestedgeto[bj] = k as isize;
                    }
                }
            }
            self.bestedge[sub] = -1;
        }
        let best: Vec<usize> = bestedgeto
            .into_iter()
            .filter(|&k| k != -1)
            .map(|k| k as usize)
            .collect();
        self.bestedge[b] = -1;
        for &k in &best {
            if self.bestedge[b] == -1 || self.slack(k) < self.slack(self.bestedge[b] as usize) {
                self.bestedge[b] = k as isize;
            }
        }
        self.blossombestedges[b] = Some(best);
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        path.iter().flat_map(|&s| self.leaves(s)).collect()
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = -1;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let entrychild = self.inblossom[self.endpoint[(self.labelend[b] ^ 1) as usize]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let mut p = self.labelend[b];
            while j != 0 {
                let e1 = self.endpoint[(p ^ 1) as usize];
                self.label[e1] = 0;
                let q = self.blossomendps[b][idx(j - endptrick as isize)];
                let e2 = self.endpoint[q ^ endptrick ^ 1];
                self.label[e2] = 0;
                self.assign_label(e1, 2, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = (self.blossomendps[b][idx(j - endptrick as isize)] ^ endptrick) as isize;
                self.allowedge[(p / 2) as usize] = true;
                j += jstep;
            }
            let bv = childs[idx(j)];
            let e = self.endpoint[(p ^ 1) as usize];
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = -1;
            j += jstep;
            while childs[idx(j)] != entrychild {
                let bv = childs[idx(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = None;
                for v in self.leaves(bv) {
                    if self.label[v] != 0 {
                        found = Some(v);
                        break;
                    }
                }
                if let Some(v) = found {
                    self.label[v] = 0;
                    let base = self.blossombase[bv] as usize;
                    let e = self.endpoint[self.mate[base] as usize];
                    self.label[e] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = -1;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = -1;
        self.blossombestedges[b] = None;
        self.bestedge[b] = -1;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b as isize {
            t = self.blossomparent[t] as usize;
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0) as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][idx(j)];
            let p = self.blossomendps[b][idx(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                let e = self.endpoint[p];
                self.augment_blossom(t, e);
            }
            j += jstep;
            let t = self.blossomchilds[b][idx(j)];
            if t >= self.n {
                let e = self.endpoint[p ^ 1];
                self.augment_blossom(t, e);
            }
            let (e0, e1) = (self.endpoint[p], self.endpoint[p ^ 1]);
            self.mate[e0] = (p ^ 1) as isize;
            self.mate[e1] = p as isize;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        let first = self.blossomchilds[b][0];
        self.blossombase[b] = self.blossombase[first];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0 as isize);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == -1 {
                    break;
                }
                let t = self.endpoint[self.labelend[bs] as usize];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt] as usize];
                let j = self.endpoint[(self.labelend[bt] ^ 1) as usize];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|x| *x = 0);
            self.bestedge.iter_mut().for_each(|x| *x = -1);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|x| *x = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == -1 && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, -1);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = if augmented { None } else { self.queue.pop() } {
                    // By index: the scan changes labels and duals, never the adjacency.
                    for idx in 0..self.neighbours[v].len() {
                        let (p, w, wt) = self.neighbours[v][idx];
                        let k = p / 2;
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            // `slack(k)`, from the list at hand.
                            kslack = self.dualvar[v] + self.dualvar[w] - 2 * wt;
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, (p ^ 1) as isize);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base >= 0 {
                                    self.add_blossom(base as usize, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = (p ^ 1) as isize;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == -1
                                || kslack < self.slack(self.bestedge[b] as usize)
                            {
                                self.bestedge[b] = k as isize;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == -1
                                || kslack < self.slack(self.bestedge[w] as usize))
                        {
                            self.bestedge[w] = k as isize;
                        }
                    }
                }
                if augmented {
                    break;
                }
                let mut deltatype = -1;
                let mut delta: i128 = 0;
                let mut deltaedge = 0usize;
                let mut deltablossom = 0usize;
                if !self.max_cardinality {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0);
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != -1 {
                        let d = self.slack(self.bestedge[v] as usize);
                        if deltatype == -1 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v] as usize;
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == -1 && self.label[b] == 1 && self.bestedge[b] != -1 {
                        let d = self.slack(self.bestedge[b] as usize) / 2;
                        if deltatype == -1 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b] as usize;
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] >= 0
                        && self.blossomparent[b] == -1
                        && self.label[b] == 2
                        && (deltatype == -1 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == -1 {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0).max(0);
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] >= 0 && self.blossomparent[b] == -1 {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, mut j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = j;
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == -1
                    && self.blossombase[b] >= 0
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lot::Lot;

    /// Exhaustive search: (cardinality, weight) of the best matching.
    fn brute(n: usize, edges: &[Edge], max_card: bool) -> (usize, i128) {
        fn go(
            v: usize,
            n: usize,
            used: &mut Vec<bool>,
            adj: &[Vec<Option<i128>>],
            card: usize,
            w: i128,
            best: &mut Vec<(usize, i128)>,
        ) {
            if v == n {
                best.push((card, w));
                return;
            }
            if used[v] {
                return go(v + 1, n, used, adj, card, w, best);
            }
            go(v + 1, n, used, adj, card, w, best);
            used[v] = true;
            for u in v + 1..n {
                if !used[u]
                    && let Some(x) = adj[v][u]
                {
                    used[u] = true;
                    go(v + 1, n, used, adj, card + 1, w + x, best);
                    used[u] = false;
                }
            }
            used[v] = false;
        }
        let mut adj = vec![vec![None; n]; n];
        for &(a, b, w) in edges {
            let cur: Option<i128> = adj[a][b];
            if cur.is_none_or(|c| w > c) {
                adj[a][b] = Some(w);
                adj[b][a] = Some(w);
            }
        }
        let mut all = Vec::new();
        go(0, n, &mut vec![false; n], &adj, 0, 0, &mut all);
        if max_card {
            all.into_iter().max().unwrap_or((0, 0))
        } else {
            all.into_iter()
                .map(|(c, w)| (w, c))
                .max()
                .map(|(w, c)| (c, w))
                .unwrap_or((0, 0))
        }
    }

    fn measure(n: usize, edges: &[Edge], mate: &[Option<usize>]) -> (usize, i128) {
        let mut card = 0;
        let mut w = 0;
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m {
                assert_eq!(mate[u], Some(v), "mate not symmetric");
                if v < u {
                    card += 1;
                    w += edges
                        .iter()
                        .filter(|e| (e.0 == v && e.1 == u) || (e.0 == u && e.1 == v))
                        .map(|e| e.2)
                        .max()
                        .unwrap_or(i128::MIN);
                }
            }
        }
        let _ = n;
        (card, w)
    }

    #[test]
    fn agrees_with_exhaustive_search_on_random_graphs() {
        for (case, (n, edges)) in random_graphs(42, 3000).into_iter().enumerate() {
            for max_card in [false, true] {
                let mate = max_weight_matching(n, &edges, max_card);
                let got = measure(n, &edges, &mate);
                let want = brute(n, &edges, max_card);
                if max_card {
                    assert_eq!(got, want, "case {case}, n={n}, edges={edges:?}");
                } else {
                    assert_eq!(got.1, want.1, "case {case}, n={n}, edges={edges:?}");
                }
            }
        }
    }

    /// Random graphs of 2–10 vertices, each pair an edge with probability 0.55.
    fn random_graphs(seed: u64, count: usize) -> Vec<(usize, Vec<Edge>)> {
        let mut lot = Lot::new(seed, 0, "matching test");
        (0..count)
            .map(|_| {
                let n = 2 + lot.below(9);
                let mut edges = Vec::new();
                for a in 0..n {
                    for b in a + 1..n {
                        if lot.below(100) < 55 {
                            edges.push((a, b, lot.below(20) as i128));
                        }
                    }
                }
                (n, edges)
            })
            .collect()
    }

    #[test]
    fn augmenting_paths_reach_the_largest_matching() {
        for (case, (n, edges)) in random_graphs(7, 2000).into_iter().enumerate() {
            let mut adj = vec![Vec::new(); n];
            for &(a, b, _) in &edges {
                adj[a].push(b);
                adj[b].push(a);
            }
            let mut mate = vec![None; n];
            // Berge: a matching is largest when no free vertex starts an augmenting path.
            while (0..n).any(|v| mate[v].is_none() && augment_from(&adj, &mut mate, v)) {}
            let size = mate.iter().flatten().count() / 2;
            for (v, m) in mate.iter().enumerate() {
                if let Some(u) = *m {
                    assert_eq!(mate[u], Some(v), "case {case}");
                    assert!(adj[v].contains(&u), "case {case}: not an edge");
                }
            }
            let unit: Vec<Edge> = edges.iter().map(|&(a, b, _)| (a, b, 1)).collect();
            assert_eq!(
                size,
                brute(n, &unit, true).0,
                "case {case}, edges={edges:?}"
            );
        }
    }

    #[test]
    fn positive_slack_pairs_miss_the_best_perfect_matching() {
        let mut checked = 0;
        for (case, (n, edges)) in random_graphs(11, 3000).into_iter().enumerate() {
            let (mate, duals) = max_weight_matching_with_duals(n, &edges, true);
            let Some(duals) = duals else { continue };
            if n % 2 == 1 || mate.iter().any(Option::is_none) {
                continue;
            }
            assert!(
                duals.certify(&edges, &mate),
                "case {case}: duals not optimal"
            );
            let best = measure(n, &edges, &mate).1;
            for &(a, b, w) in &edges {
                let slack = duals.slack(a, b, w).unwrap_or(-1);
                assert!(slack >= 0, "case {case}: negative slack");
                // The best perfect matching through a–b, by exhaustive search.
                let rest: Vec<Edge> = edges
                    .iter()
                    .copied()
                    .filter(|&(x, y, _)| ![a, b].contains(&x) && ![a, b].contains(&y))
                    .collect();
                let (card, wr) = brute(n, &rest, true);
                if card + 1 != n / 2 {
                    continue;
                }
                assert!(
                    4 * (wr + w) <= 4 * best - slack,
                    "case {case}: {a}-{b} slack {slack}, through it {} vs best {best}",
                    wr + w
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "too few pairs checked: {checked}");
    }

    #[test]
    fn large_weights() {
        let big: i128 = 1 << 100;
        let edges = vec![(0, 1, big), (1, 2, big + 1), (2, 3, big)];
        let mate = max_weight_matching(4, &edges, false);
        assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
    }
}
